// `npm run replay -- <recording> --write-test <file>` (issue 12): the test source written for a
// recorded paged-list run imports the replay pieces relative to where it is written, embeds the
// recording, and asserts every recorded state of every actor in order. (The written file itself is
// exercised by tests/machines/paged-list-filter.replay.test.ts, made by this command.)
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pagedListMachine } from '../../machines/generic/paged-list.machine.ts';
import { createRecorder } from '../../machines/inspection/recorder.ts';
import { parseRecording } from '../../machines/inspection/recording.ts';
import { replayTestSource } from '../../scripts/replay-inspection.ts';
import { fakeActors, settled } from '../machines/model-driver.ts';

async function recordPagedList() {
  const time = { now: 1_700_000_000_000 };
  const recorder = createRecorder({ appVersion: 'test', now: () => time.now });
  const fakes = fakeActors(['fetchPage'] as const);
  const actor = createActor(pagedListMachine.provide({ actors: fakes.actors }), { input: {}, inspect: recorder.inspect });
  actor.start();
  const step = async (ms: number, act: () => void) => {
    time.now += ms;
    act();
    await settled();
  };
  await step(40, () => fakes.settle('fetchPage', { output: { items: [{ id: 'a' }], totalCount: 1 } }));
  await step(500, () => actor.send({ type: 'filter.change', filters: { userName: 'adm', password: 'hunter2' } }));
  await step(300, () => actor.send({ type: 'filter.submit' }));
  return parseRecording(JSON.stringify(recorder.save()));
}

describe('replay --write-test', () => {
  it('writes a test that asserts every recorded state, with imports relative to the file', async () => {
    const recording = await recordPagedList();
    const source = replayTestSource(recording, 'inspection-x.json', 'tests/machines/list.replay.test.ts');
    expect(source).toContain("from '../../machines/inspection/replay.ts'");
    expect(source).toContain("from '../../scripts/replay-inspection.ts'");
    expect(source).toContain('pagedList (x:0, a1) passes its 4 recorded states');
    const expected = ['xstate.init → loading', 'xstate.done.actor.fetchPage → loaded', 'filter.change → loaded', 'filter.submit → loading'];
    expect(source).toContain(JSON.stringify(expected, null, 2).replaceAll('\n', '\n    '));
    // The embedded recording is the redacted one.
    expect(source).not.toContain('hunter2');
    expect(replayTestSource(recording, 'x.json', 'tests/machines/deeper/list.replay.test.ts')).toContain(
      "from '../../../machines/inspection/recording.ts'",
    );
  });
});
