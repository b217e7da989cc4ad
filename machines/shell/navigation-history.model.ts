// The test model of the navigation history: the first load, then navigations between two pages.
import type { MachineModel } from '../testing/model-paths.ts';
import { describeEvent } from './model-events.ts';
import { type NavigationHistoryEvent, navigationHistoryMachine } from './navigation-history.machine.ts';

const events: NavigationHistoryEvent[] = [
  { type: 'navigation.changed', path: '/' },
  { type: 'navigation.changed', path: '/dashboard' },
];

export const navigationHistoryModel: MachineModel<typeof navigationHistoryMachine> = {
  machine: navigationHistoryMachine,
  scenarios: [{ name: 'app start', input: undefined }],
  events,
  describeEvent,
};
