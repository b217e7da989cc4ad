// Reference of a row action, written from issue 9 ("Row actions and delete: permission-aware,
// confirmed with 'Are you sure?', one mutation machine, toast, list refresh, focus kept sensibly
// after a delete") and spec 8. Focus after a delete: the next row, else the previous, else the list
// heading (null); after another action, the same row. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';
import { envelopeMessage } from './abp-error.ts';

interface Request {
  action: string;
  id: string;
  confirm: boolean;
  removesRow: boolean;
  rowIds: string[];
}

export interface RowActionExpectedView {
  phase: 'idle' | 'confirming' | 'running';
  pending: { action: string; id: string } | null;
  canAct: boolean;
}

export function rowActionReference(): ReferenceRun<RowActionExpectedView> {
  const recorder = new Recorder();
  let phase: RowActionExpectedView['phase'] = 'idle';
  let request: Request | null = null;
  const run = () => {
    phase = 'running';
    recorder.call('runAction', { action: request!.action, id: request!.id });
  };
  return {
    take: () => recorder.take(),
    view: () => ({ phase, pending: request ? { action: request.action, id: request.id } : null, canAct: phase === 'idle' }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & Record<string, unknown>;
      if (phase === 'idle' && e.type === 'action.request') {
        const { type: _, ...rest } = e;
        request = rest as unknown as Request;
        if (request.confirm) phase = 'confirming';
        else run();
      } else if (phase === 'confirming' && e.type === 'action.confirm') run();
      else if (phase === 'confirming' && e.type === 'action.cancel') {
        phase = 'idle';
        request = null;
      } else if (phase === 'running' && e.type === 'done') {
        const done = request!;
        recorder.emit({ type: 'action.succeeded', action: done.action, id: done.id });
        recorder.emit({ type: 'list.refresh' });
        let focus: string | null = done.id;
        if (done.removesRow) {
          const at = done.rowIds.indexOf(done.id);
          focus = at === -1 ? null : at + 1 < done.rowIds.length ? done.rowIds[at + 1]! : at > 0 ? done.rowIds[at - 1]! : null;
        }
        recorder.emit({ type: 'focus.after', id: focus });
        phase = 'idle';
        request = null;
      } else if (phase === 'running' && e.type === 'error') {
        recorder.emit({ type: 'action.failed', action: request!.action, message: envelopeMessage(e.error) });
        phase = 'idle';
        request = null;
      }
    },
  };
}
