// A support session (issue 12) started from the user menu while the app runs: the actors already
// running are recorded from their current state (their baseline) and replay from there; the
// recorder redacts a corpus of secrets the product handles, in events and in baselines, and its
// memory stays bounded however long the session lasts.
import { describe, expect, it } from 'vitest';
import { createActor, type InspectionEvent } from 'xstate';
import { pagedListMachine } from '../../machines/generic/paged-list.machine.ts';
import { createRecorder, type Recorder } from '../../machines/inspection/recorder.ts';
import { parseRecording, redacted } from '../../machines/inspection/recording.ts';
import { replayRecording } from '../../machines/inspection/replay.ts';
import { discoverMachines } from '../../scripts/replay-inspection.ts';
import { fakeActors, settled } from '../machines/model-driver.ts';

/** The app's wiring: every actor gets a forwarder; a recorder exists only while a session runs. */
function sessionWiring() {
  let recorder: Recorder | null = null;
  const forward = (event: InspectionEvent) => recorder?.inspect(event);
  return {
    forward,
    start: (maxEvents?: number) => {
      recorder = createRecorder({ appVersion: 'test', maxEvents });
    },
    save: () => parseRecording(JSON.stringify(recorder!.save())),
  };
}

/** Secret values as the product meets them: a password form, tokens, a client secret, an address. */
const secrets = {
  password: 'pa55-word-1',
  currentPassword: 'old-pa55-2',
  newPassword: 'new-pa55-3',
  access_token: 'eyJ.access.4',
  refreshToken: 'refresh-5',
  id_token: 'eyJ.id.6',
  clientSecret: 'client-secret-7',
  code_verifier: 'verifier-8',
  Authorization: 'Bearer header-9',
  twoFactorToken: 'tfa-10',
  nested: { deeper: [{ apiSecret: 'api-secret-11' }] },
  returnUrl: 'https://app.example/callback?code=auth-code-12&state=state-13&session_state=ss-14&access_token=at-15',
};
const secretValues = [
  'pa55-word-1',
  'old-pa55-2',
  'new-pa55-3',
  'eyJ.access.4',
  'refresh-5',
  'eyJ.id.6',
  'client-secret-7',
  'verifier-8',
  'header-9',
  'tfa-10',
  'api-secret-11',
  'auth-code-12',
  'state-13',
  'ss-14',
  'at-15',
];

describe('support session recording', () => {
  it('records actors that were running before it started, from their current state, and they replay', async () => {
    const wiring = sessionWiring();
    const fakes = fakeActors(['fetchPage'] as const);
    const list = createActor(pagedListMachine.provide({ actors: fakes.actors }), { input: {}, inspect: wiring.forward });
    list.start();
    fakes.settle('fetchPage', { output: { items: [{ id: 'a' }], totalCount: 1 } });
    await settled();
    expect(list.getSnapshot().value).toBe('loaded');

    wiring.start();
    list.send({ type: 'filter.change', filters: { userName: 'adm' } });
    list.send({ type: 'filter.submit' });
    await settled();
    const recording = wiring.save();
    const [actor] = recording.actors;
    expect(actor!.machineId).toBe('pagedList');
    expect(actor!.baseline?.value).toBe('loaded');
    expect(actor!.events.map((event) => [event.event.type, event.state])).toEqual([
      ['filter.change', 'loaded'],
      ['filter.submit', 'loading'],
    ]);
    // Each event keeps what it changed in the context, against the state the session started from.
    expect(actor!.events[0]!.contextChanges).toEqual({ filters: { userName: 'adm' } });
    expect(Object.keys(actor!.events[1]!.contextChanges ?? {})).not.toContain('filters');
    const result = await replayRecording(recording, await discoverMachines());
    expect(result.ok).toBe(true);
    expect(result.actors[0]!.fromBaseline).toBe(true);
    expect(result.actors[0]!.steps.map((step) => step.after)).toEqual(['loaded', 'loading']);
  });

  it('records nothing before it starts', () => {
    const wiring = sessionWiring();
    const list = createActor(pagedListMachine.provide({ actors: fakeActors(['fetchPage'] as const).actors }), {
      input: {},
      inspect: wiring.forward,
    });
    list.start();
    wiring.start();
    expect(wiring.save().actors).toEqual([]);
  });

  it('redacts the secrets corpus in events and in the baseline of a running actor', async () => {
    const wiring = sessionWiring();
    const fakes = fakeActors(['fetchPage'] as const);
    const list = createActor(pagedListMachine.provide({ actors: fakes.actors }), { input: {}, inspect: wiring.forward });
    list.start();
    // The secrets sit in the context before the session starts (they end up in its baseline).
    list.send({ type: 'filter.change', filters: { ...secrets } as never });
    wiring.start();
    list.send({ type: 'filter.change', filters: { userName: 'adm', ...secrets } as never });
    fakes.settle('fetchPage', { output: { items: [secrets], totalCount: 1 } });
    await settled();
    const text = JSON.stringify(wiring.save());
    for (const value of secretValues) expect(text, value).not.toContain(value);
    expect(text).toContain(redacted);
    // What is not secret stays readable, and so do the address's parameter names.
    expect(text).toContain('"userName":"adm"');
    expect(text).toContain('callback?code=');
  });

  it('bounds memory however long the session runs', async () => {
    const wiring = sessionWiring();
    const list = createActor(pagedListMachine.provide({ actors: fakeActors(['fetchPage'] as const).actors }), {
      input: {},
      inspect: wiring.forward,
    });
    list.start();
    wiring.start(50);
    for (let i = 0; i < 2000; i += 1) list.send({ type: 'filter.change', filters: { userName: `u${i}` } });
    const recording = wiring.save();
    expect(recording.actors[0]!.events).toHaveLength(50);
    expect(recording.dropped).toBe(1950);
    expect(recording.actors[0]!.events.at(-1)!.event).toMatchObject({ filters: { userName: 'u1999' } });
    // A huge context entry is kept as its size only.
    list.send({ type: 'filter.change', filters: { userName: 'x'.repeat(10_000) } });
    expect(wiring.save().actors[0]!.events.at(-1)!.contextChanges).toEqual({
      filters: expect.stringMatching(/^\[too large: 100\d\d characters\]$/),
    });
  });
});
