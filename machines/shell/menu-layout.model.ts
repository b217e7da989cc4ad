// The test model of the menu layout machine: a saved choice, none, or unreadable storage, and both
// choices (so a choice can replace a save in progress).
import type { MachineModel } from '../testing/model-paths.ts';
import { type MenuLayoutEvent, menuLayoutMachine } from './menu-layout.machine.ts';
import { describeEvent, done, failed } from './model-events.ts';

const choices: MenuLayoutEvent[] = [
  { type: 'menuLayout.select', layout: 'top-menu' },
  { type: 'menuLayout.select', layout: 'side-menu' },
];

export const menuLayoutModel: MachineModel<typeof menuLayoutMachine> = {
  machine: menuLayoutMachine,
  scenarios: [
    { name: 'side menu by default', input: {} },
    { name: 'top menu configured', input: { defaultLayout: 'top-menu' } },
  ],
  events: [
    done('loadMenuLayout', 'top-menu'),
    done('loadMenuLayout', null),
    failed('loadMenuLayout'),
    done('saveMenuLayout', undefined),
    failed('saveMenuLayout'),
    ...choices,
  ],
  describeEvent,
};
