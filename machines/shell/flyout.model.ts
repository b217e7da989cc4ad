// The test model of the flyout: the click trigger (side-menu layout) and the hover trigger
// (top-menu layout).
import type { MachineModel } from '../testing/model-paths.ts';
import { flyoutMachine } from './flyout.machine.ts';
import { describeEvent } from './model-events.ts';

export const flyoutModel: MachineModel<typeof flyoutMachine> = {
  machine: flyoutMachine,
  scenarios: [
    { name: 'click trigger', input: { trigger: 'click' } },
    { name: 'hover trigger', input: { trigger: 'hover' } },
  ],
  events: [],
  describeEvent,
};
