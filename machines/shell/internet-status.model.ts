// The test model of the internet status machine: starting online and offline, both browser events.
import type { MachineModel } from '../testing/model-paths.ts';
import { internetStatusMachine } from './internet-status.machine.ts';
import { describeEvent } from './model-events.ts';

export const internetStatusModel: MachineModel<typeof internetStatusMachine> = {
  machine: internetStatusMachine,
  scenarios: [
    { name: 'starts online', input: { isOnline: true } },
    { name: 'starts offline', input: { isOnline: false } },
  ],
  events: [],
  describeEvent,
};
