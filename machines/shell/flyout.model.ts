// The test model of the flyout: the click trigger (side-menu layout) and the hover trigger
// (top-menu layout), and a layout change to either.
import type { MachineModel } from '../testing/model-paths.ts';
import { type FlyoutEvent, flyoutMachine } from './flyout.machine.ts';
import { describeEvent } from './model-events.ts';

const layoutChanges: FlyoutEvent[] = [
  { type: 'flyout.configure', trigger: 'hover' },
  { type: 'flyout.configure', trigger: 'click' },
];

export const flyoutModel: MachineModel<typeof flyoutMachine> = {
  machine: flyoutMachine,
  scenarios: [
    { name: 'click trigger', input: { trigger: 'click' } },
    { name: 'hover trigger', input: { trigger: 'hover' } },
  ],
  events: layoutChanges,
  describeEvent,
};
