// `npm run replay -- <recording> --write-test <file>` (issue 12): the test source written for a
// recorded paged-list run imports the replay pieces relative to where it is written, embeds the
// recording, and asserts every recorded state of every actor in order. (The written file itself is
// exercised by tests/machines/paged-list-filter.replay.test.ts, made by this command.)
import { describe, expect, it } from 'vitest';
import { replayTestSource } from '../../scripts/replay-inspection.ts';
import { recordPagedListFilter } from './paged-list-recording.ts';

describe('replay --write-test', () => {
  it('writes a test that asserts every recorded state, with imports relative to the file', async () => {
    const recording = await recordPagedListFilter();
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
