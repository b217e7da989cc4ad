// The test model of the error page: each shown status with and without a previous navigation, and
// a status the page does not know.
import type { MachineModel } from '../testing/model-paths.ts';
import { errorPageMachine } from './error-page.machine.ts';
import { describeEvent } from './model-events.ts';

export const errorPageModel: MachineModel<typeof errorPageMachine> = {
  machine: errorPageMachine,
  scenarios: [
    { name: '404 after a navigation', input: { status: '404', hasPreviousNavigation: true } },
    { name: '500 after a navigation', input: { status: '500', hasPreviousNavigation: true } },
    { name: '401 after a navigation', input: { status: '401', hasPreviousNavigation: true } },
    { name: '403 after a navigation', input: { status: '403', hasPreviousNavigation: true } },
    { name: '404 as the first page', input: { status: '404', hasPreviousNavigation: false } },
    { name: 'unknown status 502', input: { status: '502', hasPreviousNavigation: true } },
    { name: "status ' 401 ' padded", input: { status: ' 401 ', hasPreviousNavigation: true } },
    { name: 'status 403 as a number', input: { status: 403, hasPreviousNavigation: false } },
    { name: 'no status', input: { status: undefined, hasPreviousNavigation: true } },
    { name: 'status not a number', input: { status: 'oops', hasPreviousNavigation: false } },
  ],
  events: [],
  describeEvent,
};
