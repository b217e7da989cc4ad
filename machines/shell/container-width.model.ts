// The test model of the container width machine: a saved choice, none, or unreadable storage, and
// two choices (so a choice can replace a save in progress).
import type { MachineModel } from '../testing/model-paths.ts';
import { type ContainerWidthEvent, containerWidthMachine } from './container-width.machine.ts';
import { describeEvent, done, failed } from './model-events.ts';

const choices: ContainerWidthEvent[] = [
  { type: 'layout.select', layout: 'boxed' },
  { type: 'layout.select', layout: 'fixed' },
];

export const containerWidthModel: MachineModel<typeof containerWidthMachine> = {
  machine: containerWidthMachine,
  scenarios: [
    { name: 'default options', input: {} },
    {
      name: 'no default, no Full Width',
      input: {
        options: [
          { layoutClass: 'fixed', label: 'Fluid', order: 2 },
          { layoutClass: 'boxed', label: 'Boxed Layout', order: 0 },
        ],
      },
    },
  ],
  events: [
    done('loadLayout', 'boxed'),
    done('loadLayout', null),
    failed('loadLayout'),
    done('saveLayout', undefined),
    failed('saveLayout'),
    ...choices,
  ],
  describeEvent,
};
