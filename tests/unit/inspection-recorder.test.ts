// The inspection recorder: what it keeps of a run (one entry per processed event, with its sender
// and resulting state), what it never keeps (secrets), and how much it keeps (a bounded ring buffer).
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, sendTo, setup } from 'xstate';
import { createRecorder } from '../../machines/inspection/recorder.ts';
import { parseRecording, redact, redacted } from '../../machines/inspection/recording.ts';

const counter = setup({
  types: { context: {} as { count: number; password: string }, events: {} as { type: 'inc' } | { type: 'login'; password: string } },
}).createMachine({
  id: 'counter',
  context: { count: 0, password: 'hunter2' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        inc: { actions: assign({ count: ({ context }) => context.count + 1 }) },
        login: { target: 'busy', actions: assign({ password: ({ event }) => event.password }) },
      },
    },
    busy: {},
  },
});

function clock(start = 1_700_000_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('redaction', () => {
  it('replaces every secret-looking key, at any depth, and keeps the rest', () => {
    const value = redact({
      type: 'xstate.done.actor.loadUser',
      output: { accessToken: 'eyJ.secret', idToken: 'eyJ.id', refresh_token: 'r', user: { name: 'admin', Password: 'p' } },
      headers: { Authorization: 'Bearer abc' },
      pkce: { code_verifier: 'v', clientSecret: 's' },
      list: [{ token: 't' }],
    });
    expect(value).toEqual({
      type: 'xstate.done.actor.loadUser',
      output: { accessToken: redacted, idToken: redacted, refresh_token: redacted, user: { name: 'admin', Password: redacted } },
      headers: { Authorization: redacted },
      pkce: { code_verifier: redacted, clientSecret: redacted },
      list: [{ token: redacted }],
    });
  });

  it('blanks the authorization response in an address but keeps its parameter names', () => {
    expect(redact({ location: 'https://app.example/x?tab=2&code=c0de&state=s7a7e&iss=i#access_token=at&x=1' })).toEqual({
      location: `https://app.example/x?tab=2&code=${redacted}&state=${redacted}&iss=i#access_token=${redacted}&x=1`,
    });
  });

  it('survives cycles, errors, functions and actor references', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic['self'] = cyclic;
    const actor = createActor(counter);
    expect(redact({ cyclic, error: new Error('boom'), fn: () => 1, actor })).toEqual({
      cyclic: { name: 'a', self: '[circular]' },
      error: { name: 'Error', message: 'boom' },
      fn: '[function]',
      actor: `[actor ${actor.id}]`,
    });
  });
});

describe('recorder', () => {
  it('records every event a machine actor processes, with sender, offset and resulting state', () => {
    const time = clock();
    const recorder = createRecorder({ now: time.now, appVersion: '1.2.3' });
    const actor = createActor(counter, { inspect: recorder.inspect, systemId: 'counter' }).start();
    time.advance(40);
    actor.send({ type: 'inc' });
    time.advance(60);
    actor.send({ type: 'login', password: 'correct horse' });
    const recording = recorder.save();
    expect(recording).toMatchObject({
      format: 'finance-admin.inspection',
      formatVersion: 1,
      appVersion: '1.2.3',
      startedAt: new Date(1_700_000_000_000).toISOString(),
      endedAt: new Date(1_700_000_000_100).toISOString(),
      machines: ['counter'],
      dropped: 0,
    });
    expect(recording.actors).toHaveLength(1);
    expect(recording.actors[0]).toMatchObject({ key: 'a1', machineId: 'counter', systemId: 'counter', parent: null });
    expect(
      recording.actors[0]!.events.map(({ seq, offset, source, event, state }) => ({ seq, offset, source, type: event.type, state })),
    ).toEqual([
      { seq: 1, offset: 0, source: 'external', type: 'xstate.init', state: 'idle' },
      { seq: 2, offset: 40, source: 'external', type: 'inc', state: 'idle' },
      { seq: 3, offset: 100, source: 'external', type: 'login', state: 'busy' },
    ]);
  });

  it('never writes a password or token into the recording, not even in a truncated baseline', async () => {
    const recorder = createRecorder({ maxEvents: 2 });
    const tokens = fromPromise(async () => ({ accessToken: 'AT-SECRET', idToken: 'ID-SECRET', refreshToken: 'RT-SECRET' }));
    const machine = setup({ actors: { tokens } }).createMachine({
      id: 'tokens',
      context: { session: null as unknown },
      initial: 'loading',
      states: {
        loading: {
          invoke: { src: 'tokens', onDone: { target: 'ready', actions: assign({ session: ({ event }) => event.output }) } },
        },
        ready: { on: { again: 'loading' } },
      },
    });
    const actor = createActor(machine, { inspect: recorder.inspect, input: { password: 'P@SS-SECRET' } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'again', authorization: 'Bearer AUTH-SECRET', client_secret: 'CS-SECRET' } as never);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const json = JSON.stringify(recorder.save());
    expect(json).not.toMatch(/SECRET/);
    expect(json).toContain(redacted);
    expect(recorder.save().actors[0]!.baseline).toBeDefined();
  });

  it('keeps at most maxEvents events: the oldest leave first and the actor keeps its baseline state', () => {
    const recorder = createRecorder({ maxEvents: 5 });
    const actor = createActor(counter, { inspect: recorder.inspect }).start();
    for (let i = 0; i < 100; i += 1) actor.send({ type: 'inc' });
    actor.send({ type: 'login', password: 'x' });
    expect(recorder.size).toBe(5);
    const recording = recorder.save();
    expect(recording.dropped).toBe(102 - 5);
    const [recorded] = recording.actors;
    expect(recorded!.events.map((e) => e.seq)).toEqual([98, 99, 100, 101, 102]);
    expect(recorded!.events.at(-1)!.state).toBe('busy');
    // Before seq 98 the counter had processed init and 96 incs.
    expect(recorded!.baseline).toEqual({ value: 'idle', context: { count: 96, password: redacted } });
  });

  it('bounds memory across many short-lived actors: actors without kept events leave the recording', () => {
    const recorder = createRecorder({ maxEvents: 10 });
    for (let i = 0; i < 50; i += 1) createActor(counter, { inspect: recorder.inspect }).start().stop();
    const recording = recorder.save();
    expect(recording.actors.reduce((n, a) => n + a.events.length, 0)).toBe(10);
    expect(recording.actors).toHaveLength(5);
    expect(recording.actors.at(-1)!.events.at(-1)).toMatchObject({ event: { type: 'xstate.stop' }, status: 'stopped' });
  });

  it('records only machine actors, and knows a parent from its invoked child machine', async () => {
    const child = setup({}).createMachine({ id: 'child', initial: 'waiting', states: { waiting: { on: { go: 'gone' } }, gone: {} } });
    const parent = setup({ actors: { child } }).createMachine({
      id: 'parent',
      initial: 'running',
      states: { running: { invoke: { id: 'kid', src: 'child' }, on: { poke: { actions: sendTo('kid', { type: 'go' }) } } } },
    });
    const recorder = createRecorder();
    const actor = createActor(parent, { inspect: recorder.inspect }).start();
    actor.send({ type: 'poke' });
    const recording = recorder.save();
    expect(recording.machines).toEqual(['child', 'parent']);
    const kid = recording.actors.find((a) => a.machineId === 'child')!;
    const root = recording.actors.find((a) => a.machineId === 'parent')!;
    expect(kid).toMatchObject({ id: 'kid', parent: root.key });
    expect(kid.events.map((e) => [e.event.type, e.source, e.state])).toEqual([
      ['xstate.init', 'parent', 'waiting'],
      ['go', 'parent', 'gone'],
    ]);
  });

  it('round-trips through JSON', () => {
    const recorder = createRecorder();
    const actor = createActor(counter, { inspect: recorder.inspect }).start();
    actor.send({ type: 'inc' });
    const recording = recorder.save();
    expect(parseRecording(JSON.stringify(recording))).toEqual(recording);
    expect(() => parseRecording('{"format":"other"}')).toThrow(/not an inspection recording/);
    expect(() => parseRecording(JSON.stringify({ ...recording, formatVersion: 99 }))).toThrow(/unsupported recording format version 99/);
  });
});
