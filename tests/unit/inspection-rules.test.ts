// The rules of the inspection modules (machines/inspection/) that the recording and replay
// round trips do not reach: which exports are machines, the redaction's copy rules, the recording's
// defaults and context-change cap, which actors are recorded, and the replay report's lines.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup } from 'xstate';
import { isMachine, machinesById } from '../../machines/inspection/machine-registry.ts';
import { createRecorder } from '../../machines/inspection/recorder.ts';
import { parseRecording, type RecordedActor, type Recording, redact } from '../../machines/inspection/recording.ts';
import {
  type ActorReplay,
  annotateRecording,
  formatReplay,
  formatState,
  type ReplayResult,
  replayRecording,
} from '../../machines/inspection/replay.ts';

const alpha = createMachine({ id: 'alpha', initial: 'idle', states: { idle: {} } });

describe('machine registry', () => {
  it('takes as machines only objects with a root, implementations and a transition function', () => {
    expect(isMachine(alpha)).toBe(true);
    for (const value of [
      null,
      undefined,
      'alpha',
      7,
      {},
      { root: {}, implementations: {} },
      { root: {}, implementations: {}, transition: 1 },
    ])
      expect(isMachine(value), JSON.stringify(value)).toBe(false);
    expect(isMachine({ root: {}, transition: () => null })).toBe(false);
    expect(isMachine({ implementations: {}, transition: () => null })).toBe(false);
  });

  it('lists machines by id: other exports ignored, the same machine twice once, another machine with a known id skipped and reported', () => {
    const other = createMachine({ id: 'alpha', initial: 'a', states: { a: {} } });
    const beta = createMachine({ id: 'beta', initial: 'b', states: { b: {} } });
    const warnings: string[] = [];
    const machines = machinesById(
      [
        { name: 'one.ts', exports: { alpha, label: 'alpha', nothing: null, beta } },
        { name: 'again.ts', exports: { alpha } },
        { name: 'two.ts', exports: { other } },
      ],
      (message) => warnings.push(message),
    );
    expect([...machines]).toEqual([
      ['alpha', alpha],
      ['beta', beta],
    ]);
    expect(warnings).toEqual(['machine id "alpha" is exported twice; two.ts is ignored']);
    expect(machinesById([{ name: 'two.ts', exports: { alpha, other } }]).get('alpha')).toBe(alpha);
  });
});

describe('redaction', () => {
  it('copies what JSON cannot hold as text: bigint, symbol, date', () => {
    expect(redact(12n)).toBe('12');
    expect(redact(Symbol('tag'))).toBe('Symbol(tag)');
    expect(redact(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02T03:04:05.000Z');
    expect(redact({ when: new Date(0), size: 3n })).toEqual({ when: '1970-01-01T00:00:00.000Z', size: '3' });
  });

  it('copies maps as objects and sets as arrays, at the depth of the map or set itself', () => {
    expect(
      redact(
        new Map<string, unknown>([
          ['a', 1],
          ['password', 'x'],
        ]),
      ),
    ).toStrictEqual({ a: 1, password: '[redacted]' });
    expect(redact(new Set([1, 'two']))).toStrictEqual([1, 'two']);
    expect(redact({ m: new Map([['k', { v: 1 }]]) }, 2)).toStrictEqual({ m: { k: '[too deep]' } });
  });

  it('stops at the depth limit: each array item and object value is one level down', () => {
    expect(redact({ a: 1 }, 0)).toBe('[too deep]');
    expect(redact([1], 0)).toBe('[too deep]');
    expect(redact({ a: { b: 1 } }, 1)).toStrictEqual({ a: '[too deep]' });
    expect(redact([[1], 2], 1)).toStrictEqual(['[too deep]', 2]);
    expect(redact({ a: { b: 1 } }, 2)).toStrictEqual({ a: { b: 1 } });
  });

  it('drops undefined entries, redacts secret keys, and copies an object met twice (not a cycle) twice', () => {
    const shared = { x: 1 };
    expect(redact({ a: undefined, b: 1, accessToken: 'abc' })).toStrictEqual({ b: 1, accessToken: '[redacted]' });
    expect(redact({ first: shared, second: shared })).toStrictEqual({ first: { x: 1 }, second: { x: 1 } });
    expect(redact([shared, shared])).toStrictEqual([{ x: 1 }, { x: 1 }]);
  });

  it('marks actor references only when they have a session id and a send function', () => {
    expect(redact({ ref: { id: 'child', sessionId: 'x:1', send: () => undefined } })).toStrictEqual({ ref: '[actor child]' });
    expect(redact({ id: 'child', sessionId: 'x:1', send: 'no' })).toStrictEqual({ id: 'child', sessionId: 'x:1', send: 'no' });
    expect(redact({ id: 'child', send: () => undefined })).toStrictEqual({ id: 'child', send: '[function]' });
  });

  it('refuses a recording without an actors list', () => {
    const base = { format: 'finance-admin.inspection', formatVersion: 1 };
    expect(() => parseRecording(JSON.stringify(base))).toThrow('recording has no actors');
    expect(() => parseRecording(JSON.stringify({ ...base, actors: {} }))).toThrow('recording has no actors');
  });
});

describe('recorder', () => {
  it("records machine actors only, names the app version 'unknown' when not given, lists machine ids sorted", () => {
    const recorder = createRecorder({ now: () => 0 });
    const child = fromPromise(() => new Promise<never>(() => {}));
    const parent = setup({ actors: { child } }).createMachine({
      id: 'zeta',
      initial: 'waiting',
      states: { waiting: { invoke: { id: 'load', src: 'child' } } },
    });
    const zeta = createActor(parent, { inspect: recorder.inspect }).start();
    const first = createActor(alpha, { inspect: recorder.inspect }).start();
    const recording = recorder.save();
    expect(recording.appVersion).toBe('unknown');
    expect(recording.machines).toEqual(['alpha', 'zeta']);
    expect(recording.actors.map((actor) => [actor.key, actor.machineId])).toEqual([
      ['a1', 'zeta'],
      ['a2', 'alpha'],
    ]);
    zeta.stop();
    first.stop();
  });

  it('keeps a changed context entry up to 2,000 characters of JSON, and says how large a longer one is', () => {
    const recorder = createRecorder({ now: () => 0 });
    const fits = 'x'.repeat(1998);
    const tooLarge = 'y'.repeat(1999);
    const machine = createMachine({ id: 'big', context: { fits, tooLarge }, initial: 'idle', states: { idle: {} } });
    const actor = createActor(machine, { inspect: recorder.inspect }).start();
    const [start] = recorder.save().actors[0]!.events;
    expect(start!.contextChanges).toEqual({ fits, tooLarge: '[too large: 2001 characters]' });
    actor.stop();
  });
});

describe('replay report', () => {
  const actor = (key: string, machineId: string, extra: Partial<RecordedActor> = {}): RecordedActor => ({
    key,
    id: `${machineId}-id`,
    systemId: null,
    machineId,
    parent: null,
    events: [],
    ...extra,
  });
  const replayed = (recorded: RecordedActor, extra: Partial<ActorReplay> = {}): ActorReplay => ({
    actor: recorded,
    machineFound: true,
    fromBaseline: false,
    steps: [],
    divergence: null,
    error: null,
    ...extra,
  });
  const recording = (actors: RecordedActor[]): Recording => ({
    format: 'finance-admin.inspection',
    formatVersion: 1,
    appVersion: '1.2.3',
    startedAt: '2026-01-01T00:00:00.000Z',
    endedAt: '2026-01-01T00:01:00.000Z',
    machines: [...new Set(actors.map((a) => a.machineId))].sort(),
    maxEvents: 10,
    dropped: 4,
    actors,
  });

  it('shows a state in one line, and no state as (none)', () => {
    expect(formatState(null)).toBe('(none)');
    expect(formatState('idle')).toBe('idle');
    expect(formatState({ signedIn: 'ready' })).toBe('{"signedIn":"ready"}');
  });

  it('says what was recorded, each actor with its system id, baseline, failure or divergence, and the counts', () => {
    const withBaseline = actor('a1', 'auth', { systemId: 'auth', baseline: { value: { signedIn: 'ready' }, context: {} } });
    const failing = actor('a2', 'theme');
    const diverged = actor('a3', 'flyout');
    const missing = actor('a4', 'gone');
    const data = recording([withBaseline, failing, diverged, missing]);
    const result: ReplayResult = {
      ok: false,
      actors: [
        replayed(withBaseline, { fromBaseline: true }),
        replayed(failing, { error: 'boom' }),
        replayed(diverged, { divergence: { step: 2, eventType: 'flyout.open', expected: 'open', actual: 'closed' } }),
        replayed(missing, { machineFound: false }),
      ],
    };
    expect(formatReplay(data, result)).toEqual([
      'recording 1.2.3, 2026-01-01T00:00:00.000Z to 2026-01-01T00:01:00.000Z, 4 actor(s), 4 event(s) dropped by the ring buffer',
      '',
      'actor auth (a1, id auth-id, system id auth)',
      '  starts from the baseline state {"signedIn":"ready"}',
      '  ok: 0 step(s) match the recording',
      '',
      'actor theme (a2, id theme-id)',
      '  replay failed: boom',
      '',
      'actor flyout (a3, id flyout-id)',
      '  diverged at step 2 (flyout.open): expected open got closed',
      '',
      'actor gone (a4, id gone-id)',
      '  machine "gone" is not in the registry: not replayed',
      '',
      'replay: 1 diverged, 1 machine(s) missing, 1 failed',
    ]);
    // A baseline the replay did not start from is not announced.
    const notFromBaseline = formatReplay(recording([withBaseline]), { ok: true, actors: [replayed(withBaseline)] });
    expect(notFromBaseline).not.toContain('  starts from the baseline state {"signedIn":"ready"}');
    expect(notFromBaseline.at(-1)).toBe('replay: ok');
  });

  it('annotates the recording with where each diverged actor left it', () => {
    const diverged = actor('a3', 'flyout');
    const fine = actor('a1', 'auth');
    const data = recording([fine, diverged]);
    const result: ReplayResult = {
      ok: false,
      actors: [
        replayed(fine),
        replayed(diverged, { divergence: { step: 2, eventType: 'flyout.open', expected: 'open', actual: 'closed' } }),
      ],
    };
    expect(annotateRecording(data, result)).toEqual({
      ...data,
      replay: { a3: { divergedAtStep: 2, eventType: 'flyout.open', expected: 'open', actual: 'closed' } },
    });
    expect(annotateRecording(data, { ok: true, actors: [replayed(fine)] }).replay).toEqual({});
  });

  it('compares states whatever the order of their keys; an actor with neither its start nor a baseline is not replayed; ok only when all are', async () => {
    const duo = createMachine({
      id: 'duo',
      type: 'parallel',
      states: { a: { initial: 'x', states: { x: {} } }, b: { initial: 'y', states: { y: {} } } },
    });
    const init = (state: unknown) => ({ seq: 1, offset: 0, source: 'external', event: { type: 'xstate.init' }, state: state as never });
    const same = actor('a1', 'duo', { events: [init({ b: 'y', a: 'x' })] });
    const other = actor('a2', 'duo', { events: [init({ b: 'z', a: 'x' })] });
    const headless = actor('a3', 'duo', { events: [{ ...init('x'), event: { type: 'duo.go' } }] });
    const machines = new Map([['duo', duo]]);
    const result = await replayRecording(recording([same, other, headless, actor('a4', 'gone')]), machines);
    expect(result.actors.map((a) => [a.actor.key, a.machineFound, a.divergence?.step ?? null, a.error])).toEqual([
      ['a1', true, null, null],
      ['a2', true, 1, null],
      ['a3', true, null, 'the recording has neither the start of this actor (xstate.init) nor a baseline state'],
      ['a4', false, null, null],
    ]);
    expect(result.ok).toBe(false);
    expect((await replayRecording(recording([same, actor('a4', 'gone')]), machines)).ok).toBe(false);
    expect((await replayRecording(recording([same]), machines)).ok).toBe(true);
  });
});
