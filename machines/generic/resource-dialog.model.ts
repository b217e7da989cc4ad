// The test model of a resource screen's dialogs: the create form, an edit, the permission modal and
// a row dialog opened; a second open while one is open; closing without a change and after a save.
import type { EventObject } from 'xstate';
import { describeEvent } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type ResourceDialogEvent, resourceDialogMachine } from './resource-dialog.machine.ts';

const events: Array<ResourceDialogEvent | EventObject> = [
  { type: 'dialog.open', dialog: 'form', id: null },
  { type: 'dialog.open', dialog: 'form', id: 'r1' },
  { type: 'dialog.open', dialog: 'permissions', id: 'r2' },
  { type: 'dialog.closed' },
  { type: 'dialog.saved' },
];

export const resourceDialogModel: MachineModel<typeof resourceDialogMachine> = {
  machine: resourceDialogMachine,
  scenarios: [{ name: 'roles screen', input: undefined }],
  events,
  // The openings counter grows with every open: two openings reach every transition.
  stopWhen: (snapshot) => snapshot.context.openings >= 2,
  describeEvent(event) {
    if (event.type === 'dialog.open') {
      const open = event as unknown as { dialog: string; id: string | null };
      return `open ${open.dialog} ${open.id ?? '(new)'}`;
    }
    return describeEvent(event);
  },
};
