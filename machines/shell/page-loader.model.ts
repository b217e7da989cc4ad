// The test model of the page loader: starts and stops, bounded past two overlapping requests (the
// count grows without end otherwise; two are enough to show a stop that leaves the bar visible).
import type { MachineModel } from '../testing/model-paths.ts';
import { describeEvent } from './model-events.ts';
import { pageLoaderMachine } from './page-loader.machine.ts';

export const pageLoaderModel: MachineModel<typeof pageLoaderMachine> = {
  machine: pageLoaderMachine,
  scenarios: [{ name: 'app start', input: undefined }],
  events: [],
  describeEvent,
  stopWhen: (snapshot) => snapshot.context.pending > 2,
};
