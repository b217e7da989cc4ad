// The test model of the mobile navbar: each tab toggled, a navigation, signing in and out; a
// signed-in and an anonymous start.
import type { MachineModel } from '../testing/model-paths.ts';
import { type MobileNavEvent, mobileNavMachine } from './mobile-nav.machine.ts';
import { describeEvent } from './model-events.ts';

const events: MobileNavEvent[] = [
  { type: 'nav.toggle', tab: 'menu' },
  { type: 'nav.toggle', tab: 'settings' },
  { type: 'nav.toggle', tab: 'profile' },
  { type: 'nav.close' },
  { type: 'nav.authChanged', isAuthenticated: false },
  { type: 'nav.authChanged', isAuthenticated: true },
];

export const mobileNavModel: MachineModel<typeof mobileNavMachine> = {
  machine: mobileNavMachine,
  scenarios: [
    { name: 'signed in', input: { isAuthenticated: true } },
    { name: 'anonymous', input: { isAuthenticated: false } },
  ],
  events,
  describeEvent,
};
