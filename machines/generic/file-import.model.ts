// The test model of a file import: open, upload a CSV, a report with created and failed rows (the
// invalid-rows token), a report where nothing was created, a refused file with and without the
// server's message, another upload from the report, close.
import type { EventObject } from 'xstate';
import { describeEvent, done, failed } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type FileImportEvent, fileImportMachine, type ImportReport } from './file-import.machine.ts';

export const partReport: ImportReport = { total: 50, created: 47, failed: 3, invalidRowsToken: 'tok-1' };
export const noneReport: ImportReport = { total: 2, created: 0, failed: 2, invalidRowsToken: 'tok-2' };
export const fileRefusal = { status: 400, data: { error: { message: 'The file is not a valid CSV or Excel file.' } } };

const events: Array<FileImportEvent | EventObject> = [
  { type: 'import.open' },
  { type: 'import.close' },
  { type: 'import.upload', file: 'users.csv bytes', fileType: 2, fileName: 'users.csv' },
  done('uploadFile', partReport),
  done('uploadFile', noneReport),
  failed('uploadFile'),
  { type: 'xstate.error.actor.uploadFile', error: fileRefusal } as EventObject,
];

export const fileImportModel: MachineModel<typeof fileImportMachine> = {
  machine: fileImportMachine,
  scenarios: [{ name: 'users import', input: undefined }],
  events,
  describeEvent(event) {
    if (event.type === 'xstate.error.actor.uploadFile' && typeof (event as { error?: unknown }).error === 'object')
      return 'uploadFile refused';
    return describeEvent(event);
  },
};
