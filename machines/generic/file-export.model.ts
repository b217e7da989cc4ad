// The test model of the export: an immediate file, a background job (running, completed, failed),
// every actor failing (one with the server's message), cancel, download, expiry and dismissal, so
// the generated paths reach every transition; a link answer (the users' download-token export). Shared by tests/machines/file-export.machine.test.ts
// and docs/machines/fileExport.md.
import type { EventObject } from 'xstate';
import { describeEvent, done, failed } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type ExportAnswer, type ExportProgress, type FileExportEvent, fileExportMachine } from './file-export.machine.ts';

export const fileAnswer: ExportAnswer = { kind: 'file', fileData: 'UEsDBA==', fileName: 'AuditLogs.xlsx' };
export const linkAnswer: ExportAnswer = { kind: 'link', url: '/api/identity/users/export-as-csv?token=t1', fileName: 'Users.csv' };
export const jobAnswer: ExportAnswer = { kind: 'job', jobId: 'job-1' };
export const running: ExportProgress = { status: 'running', processed: 500, total: 2000 };
export const completed: ExportProgress = { status: 'completed', fileName: 'AuditLogs-job-1.xlsx', expiresInMs: 600_000 };
export const jobFailed: ExportProgress = { status: 'failed', message: 'The export was stopped' };
export const serverRefusal: EventObject = {
  type: 'xstate.error.actor.requestExport',
  error: { data: { error: { message: 'Too many rows' } } },
} as EventObject;

const events: Array<FileExportEvent | EventObject> = [
  { type: 'export.start', filters: { userName: 'admin', hasException: false, url: null } },
  { type: 'export.start', filters: { filter: 'age' }, format: 'csv' },
  { type: 'export.cancel' },
  { type: 'export.download' },
  { type: 'export.dismiss' },
  done('requestExport', fileAnswer),
  done('requestExport', linkAnswer),
  done('requestExport', jobAnswer),
  failed('requestExport'),
  serverRefusal,
  done('saveFile', 'AuditLogs.xlsx'),
  failed('saveFile'),
  done('checkProgress', running),
  done('checkProgress', completed),
  done('checkProgress', jobFailed),
  failed('checkProgress'),
  done('downloadFile', undefined),
  failed('downloadFile'),
];

export const fileExportModel: MachineModel<typeof fileExportMachine> = {
  machine: fileExportMachine,
  scenarios: [{ name: 'audit logs tab', input: { resource: 'auditLogs' } }],
  events,
  describeEvent(event) {
    if (event.type === 'xstate.error.actor.requestExport' && typeof (event as { error?: unknown }).error === 'object') {
      return 'requestExport refused "Too many rows"';
    }
    return describeEvent(event);
  },
};
