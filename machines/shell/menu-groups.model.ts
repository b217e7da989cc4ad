// The test model of the opened menu groups: two groups toggled in any order, and collapsing all.
import type { MachineModel } from '../testing/model-paths.ts';
import { type MenuGroupsEvent, menuGroupsMachine } from './menu-groups.machine.ts';
import { describeEvent } from './model-events.ts';

const events: MenuGroupsEvent[] = [
  { type: 'menu.toggle', id: 'administration' },
  { type: 'menu.toggle', id: 'identity' },
];

export const menuGroupsModel: MachineModel<typeof menuGroupsMachine> = {
  machine: menuGroupsMachine,
  scenarios: [{ name: 'app start', input: undefined }],
  events,
  describeEvent,
};
