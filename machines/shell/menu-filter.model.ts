// The test model of the menu filter machine: two texts (so typing again restarts the wait), a
// blank one, clearing, and a replaced menu tree.
import type { MachineModel } from '../testing/model-paths.ts';
import { type MenuFilterEvent, type MenuFilterItem, menuFilterMachine } from './menu-filter.machine.ts';
import { describeEvent } from './model-events.ts';

export const menuItems: MenuFilterItem[] = [
  { id: 'home', text: 'Home' },
  {
    id: 'administration',
    text: 'Administration',
    children: [
      {
        id: 'identity',
        text: 'Identity management',
        children: [
          { id: 'users', text: 'Users' },
          { id: 'roles', text: 'Roles' },
        ],
      },
      { id: 'settings', text: 'Settings' },
    ],
  },
];

const events: MenuFilterEvent[] = [
  { type: 'filter.change', text: 'USER' },
  { type: 'filter.change', text: 'set' },
  { type: 'filter.change', text: ' ' },
  { type: 'filter.clear' },
  { type: 'menu.itemsChanged', items: [{ id: 'home', text: 'Accueil' }] },
];

export const menuFilterModel: MachineModel<typeof menuFilterMachine> = {
  machine: menuFilterMachine,
  scenarios: [{ name: 'main menu', input: { items: menuItems } }],
  events,
  describeEvent: (event) => (event.type === 'menu.itemsChanged' ? 'menu.itemsChanged' : describeEvent(event)),
};
