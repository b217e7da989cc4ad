// Reference of a resource screen's dialogs, written from issue 9 ("create and edit in a modal",
// "row actions ... toast, list refresh") and spec 8 (one modal at a time; 'Saved successfully' after
// a save). Rules: one dialog at a time; closing without a change emits nothing; a save closes the
// dialog and says which dialog saved which record (the screen toasts and refreshes); each opening has
// its own key. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export interface ResourceDialogExpectedView {
  dialog: string | null;
  id: string | null;
  key: string;
}

export function resourceDialogReference(): ReferenceRun<ResourceDialogExpectedView> {
  const recorder = new Recorder();
  let open: { dialog: string; id: string | null } | null = null;
  let openings = 0;
  return {
    take: () => recorder.take(),
    view: () => ({
      dialog: open?.dialog ?? null,
      id: open?.id ?? null,
      key: `${open?.dialog ?? ''}:${open?.id ?? 'new'}:${openings}`,
    }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & Record<string, unknown>;
      if (e.type === 'dialog.open' && open === null) {
        open = { dialog: e.dialog as string, id: (e.id as string | null) ?? null };
        openings += 1;
      } else if (e.type === 'dialog.closed' && open !== null) open = null;
      else if (e.type === 'dialog.saved' && open !== null) {
        recorder.emit({ type: 'dialog.saved', dialog: open.dialog, id: open.id });
        open = null;
      }
    },
  };
}
