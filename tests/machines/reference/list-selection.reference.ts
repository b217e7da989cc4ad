// Reference of list selection and bulk actions, written from issue 9 ("selection (rows, and 'all N
// matching the filter'), bulk actions that run on the server over the whole filtered set with a
// result report (done / skipped / failed with reasons)") and spec 8 ('Are you sure?'). Rules kept
// here: a selection spans pages; a change of the applied filters clears it; "all matching" sends the
// filter, not ids; the report is shown and the list refreshed; closing the report clears the
// selection; a failed run keeps it; "all matching" also sends the count the user saw (issue 9:
// the set acted on is the one shown, the server refuses one that changed size); a bulk action that
// needs values (lock until a date) asks for them in a form first, then 'Are you sure?', and runs
// with those values; cancelling either runs nothing. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';
import { envelopeMessage } from './abp-error.ts';

type Filters = Record<string, unknown>;
type Phase = 'selecting' | 'asking' | 'confirming' | 'running' | 'reporting';

export interface ListSelectionExpectedView {
  phase: Phase;
  mode: 'ids' | 'matching';
  selectedIds: string[];
  count: number;
  action: string | null;
  report: unknown;
  canRunBulk: boolean;
}

export function listSelectionReference(): ReferenceRun<ListSelectionExpectedView> {
  const recorder = new Recorder();
  let phase: Phase = 'selecting';
  let ids: string[] = [];
  let matching: { filters: Filters; totalCount: number } | null = null;
  let listFilters: Filters = {};
  let action: string | null = null;
  let values: unknown = null;
  let report: unknown = null;
  const count = () => (matching ? matching.totalCount : ids.length);
  const clear = () => {
    ids = [];
    matching = null;
  };

  return {
    take: () => recorder.take(),
    view: () => ({
      phase,
      mode: matching ? 'matching' : 'ids',
      selectedIds: matching ? [] : ids,
      count: count(),
      action,
      report,
      canRunBulk: phase === 'selecting' && count() > 0,
    }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & Record<string, unknown>;
      if (e.type === 'list.filtersApplied') {
        const next = e.filters as Filters;
        const keys = new Set([...Object.keys(next), ...Object.keys(listFilters)]);
        if ([...keys].some((key) => next[key] !== listFilters[key])) {
          clear();
          listFilters = next;
        }
        return;
      }
      if (phase === 'selecting') {
        if (e.type === 'selection.toggle' && !matching) {
          const id = e.id as string;
          ids = ids.includes(id) ? ids.filter((one) => one !== id) : [...ids, id];
        } else if (e.type === 'selection.togglePage') {
          const page = e.ids as string[];
          if (matching) clear();
          else if (page.length > 0 && page.every((id) => ids.includes(id))) ids = ids.filter((id) => !page.includes(id));
          else ids = [...ids, ...page.filter((id) => !ids.includes(id))];
        } else if (e.type === 'selection.selectMatching') matching = { filters: listFilters, totalCount: e.totalCount as number };
        else if (e.type === 'selection.clear') clear();
        else if (e.type === 'bulk.start' && count() > 0) {
          phase = e.withForm === true ? 'asking' : 'confirming';
          action = e.action as string;
        }
      } else if (phase === 'asking') {
        if (e.type === 'bulk.submit') {
          values = e.values;
          phase = 'confirming';
        } else if (e.type === 'bulk.cancel') {
          phase = 'selecting';
          action = null;
        }
      } else if (phase === 'confirming') {
        if (e.type === 'bulk.confirm') {
          phase = 'running';
          recorder.call('runBulkAction', {
            action,
            target: matching ? { filters: matching.filters, expectedCount: matching.totalCount } : { ids },
            ...(values === null ? {} : { values }),
          });
        } else if (e.type === 'bulk.cancel') {
          phase = 'selecting';
          action = null;
          values = null;
        }
      } else if (phase === 'running' && e.type === 'done') {
        phase = 'reporting';
        report = e.output;
        recorder.emit({ type: 'list.refresh' });
      } else if (phase === 'running' && e.type === 'error') {
        phase = 'selecting';
        action = null;
        values = null;
        recorder.emit({ type: 'bulk.failed', message: envelopeMessage(e.error) });
      } else if (phase === 'reporting' && e.type === 'report.close') {
        phase = 'selecting';
        clear();
        action = null;
        values = null;
        report = null;
      }
    },
  };
}
