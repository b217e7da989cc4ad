// The test model of the confirmation: a question asked, a second one while it is open, answered yes
// and no.
import { describeEvent } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type ConfirmActionEvent, confirmActionMachine } from './confirm-action.machine.ts';

const events: ConfirmActionEvent[] = [
  { type: 'confirm.request', id: 'confirm-1', message: 'Delete the link to bob?' },
  { type: 'confirm.request', id: 'confirm-2', message: 'Another?' },
  { type: 'confirm.answer', yes: true },
  { type: 'confirm.answer', yes: false },
];

export const confirmActionModel: MachineModel<typeof confirmActionMachine> = {
  machine: confirmActionMachine,
  scenarios: [{ name: 'app start', input: undefined }],
  events,
  describeEvent,
};
