// Replay: a real run of the auth machine (fake actors, simulated clock) is recorded, saved to JSON,
// and replayed headless through the machine found by the replay script's discovery; it must pass
// the same states. A tampered recording is reported as diverged at the step that no longer matches.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createRecorder } from '../../machines/inspection/recorder.ts';
import { parseRecording, type Recording } from '../../machines/inspection/recording.ts';
import { formatReplay, replayRecording } from '../../machines/inspection/replay.ts';
import { authMachine } from '../../machines/session/auth.machine.ts';
import { configuration, storedSession } from '../../machines/session/auth.model.ts';
import { discoverMachines } from '../../scripts/replay-inspection.ts';
import { fakeActors, settled } from '../machines/model-driver.ts';

const actorNames = ['loadUser', 'handleCallback', 'startSignIn', 'signOut', 'loadConfiguration'] as const;

/** Drives the auth machine through sign-in, a failed and a good sign-out, the logout timeout and a new sign-in. */
async function recordAuthRun(
  options: { maxEvents?: number; location?: string } = {},
): Promise<{ recording: Recording; states: unknown[] }> {
  const time = { now: 1_700_000_000_000 };
  const recorder = createRecorder({ maxEvents: options.maxEvents, appVersion: 'test', now: () => time.now });
  const fakes = fakeActors(actorNames);
  const clock = new SimulatedClock();
  const actor = createActor(authMachine.provide({ actors: fakes.actors }), {
    input: { location: options.location ?? 'https://app.example/', culture: 'en' },
    clock,
    inspect: recorder.inspect,
  });
  const states: unknown[] = [];
  actor.subscribe((snapshot) => states.push(snapshot.value));
  actor.start();
  const step = async (ms: number, act: () => void) => {
    time.now += ms;
    act();
    await settled();
  };
  if (options.location?.includes('code=')) await step(120, () => fakes.settle('handleCallback', { output: storedSession }));
  else await step(35, () => fakes.settle('loadUser', { output: storedSession }));
  await step(80, () => fakes.settle('loadConfiguration', { output: configuration('admin') }));
  await step(5_000, () => actor.send({ type: 'auth.signOut' }));
  await step(200, () => fakes.settle('signOut', { error: new Error('network down') }));
  await step(3_000, () => actor.send({ type: 'auth.signOut' }));
  await step(150, () => fakes.settle('signOut', { output: undefined }));
  await step(15_000, () => clock.increment(15_000));
  await step(2_000, () => actor.send({ type: 'auth.signIn' }));
  expect(actor.getSnapshot().value).toBe('redirectingToLogin');
  actor.stop();
  return { recording: parseRecording(JSON.stringify(recorder.save())), states };
}

describe('inspection replay', () => {
  it('replays a recorded auth run through the discovered auth machine and passes the same states', async () => {
    const { recording, states } = await recordAuthRun();
    expect(JSON.stringify(recording)).not.toMatch(/stored-access-token|stored-id-token/);
    const machines = await discoverMachines();
    expect(machines.get('auth')).toBe(authMachine);
    const result = await replayRecording(recording, machines);
    expect(result.ok).toBe(true);
    const [auth] = result.actors;
    expect(auth!.steps.map((s) => [s.eventType, s.after])).toEqual([
      ['xstate.init', 'loadingUser'],
      ['xstate.done.actor.loadUser', 'loadingConfiguration'],
      ['xstate.done.actor.loadConfiguration', { signedIn: 'ready' }],
      ['auth.signOut', 'signingOut'],
      ['xstate.error.actor.signOut', { signedIn: 'ready' }],
      ['auth.signOut', 'signingOut'],
      ['xstate.done.actor.signOut', 'redirectingToLogout'],
      ['xstate.after.redirectTimeout.auth.redirectingToLogout', 'signedOut'],
      ['auth.signIn', 'redirectingToLogin'],
    ]);
    // The states the live actor went through, in order (its subscribers saw the same ones).
    expect(auth!.steps.map((s) => s.after)).toEqual(states);
    const lines = formatReplay(recording, result);
    expect(lines).toContain('  ok: 9 step(s) match the recording');
    expect(lines).toContain('    4   +5115ms  auth.signOut: {"signedIn":"ready"} → signingOut');
    expect(lines).toContain(
      '    8  +23465ms  xstate.after.redirectTimeout.auth.redirectingToLogout  (from self): redirectingToLogout → signedOut',
    );
    expect(lines.at(-1)).toBe('replay: ok');
  });

  it('replays a sign-in callback whose code and state were redacted: the parameters are still there', async () => {
    const { recording } = await recordAuthRun({ location: 'https://app.example/?code=c0de-SECRET&state=s7a7e-SECRET' });
    expect(JSON.stringify(recording)).not.toContain('SECRET');
    const result = await replayRecording(recording, await discoverMachines());
    expect(result.ok).toBe(true);
    expect(result.actors[0]!.steps.slice(0, 2).map((s) => s.after)).toEqual(['completingSignIn', 'loadingConfiguration']);
  });

  it('reports a tampered recording as diverged at the step that no longer matches', async () => {
    const { recording } = await recordAuthRun();
    const events = recording.actors[0]!.events;
    // The configuration now says anonymous: the machine signs out where the recording says signed in.
    const loaded = events[2]!.event as unknown as { output: ReturnType<typeof configuration> };
    loaded.output = configuration(null);
    const result = await replayRecording(recording, await discoverMachines());
    expect(result.ok).toBe(false);
    expect(result.actors[0]!.divergence).toEqual({
      step: 3,
      eventType: 'xstate.done.actor.loadConfiguration',
      expected: { signedIn: 'ready' },
      actual: 'signedOut',
    });
    expect(result.actors[0]!.steps).toHaveLength(3);
    const lines = formatReplay(recording, result);
    expect(lines).toContain('  diverged at step 3 (xstate.done.actor.loadConfiguration): expected {"signedIn":"ready"} got signedOut');
    expect(lines.at(-1)).toBe('replay: 1 diverged, 0 machine(s) missing, 0 failed');
  });

  it('reports an edited expected state as diverged', async () => {
    const { recording } = await recordAuthRun();
    recording.actors[0]!.events[5]!.state = 'signedOut';
    const result = await replayRecording(recording, await discoverMachines());
    expect(result.actors[0]!.divergence).toMatchObject({ step: 6, expected: 'signedOut', actual: 'signingOut' });
  });

  it('replays a truncated recording from the baseline state the ring buffer kept', async () => {
    const { recording } = await recordAuthRun({ maxEvents: 4 });
    expect(recording.dropped).toBe(6);
    const [auth] = recording.actors;
    expect(auth!.baseline?.value).toBe('signingOut');
    const result = await replayRecording(recording, await discoverMachines());
    expect(result.ok).toBe(true);
    expect(result.actors[0]!.fromBaseline).toBe(true);
    expect(result.actors[0]!.steps.map((s) => [s.before, s.after])).toEqual([
      ['signingOut', 'redirectingToLogout'],
      ['redirectingToLogout', 'signedOut'],
      ['signedOut', 'redirectingToLogin'],
    ]);
  });

  it('reports a machine the registry does not know', async () => {
    const { recording } = await recordAuthRun();
    recording.actors[0]!.machineId = 'gone';
    const result = await replayRecording(recording, await discoverMachines());
    expect(result.ok).toBe(false);
    expect(formatReplay(recording, result)).toContain('  machine "gone" is not in the registry: not replayed');
  });
});
