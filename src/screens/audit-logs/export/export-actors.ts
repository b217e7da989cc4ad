// The export machine's real effects (the screen is its composition root): the API calls of
// src/api/audit-export.ts, the browser download of a Blob under the server's file name, and the
// emitted outcomes turned into toasts (spec 8). Rules: the object URL is revoked once the click has
// handed the file to the browser; nothing here decides anything the machine decides.
import { type ActorRefFrom, fromPromise } from 'xstate';
import {
  type ExportAnswer as MachineExportAnswer,
  type FileExportMachine,
  fileExportMachine,
  type RequestExportInput,
} from '../../../../machines/generic/file-export.machine.ts';
import {
  type AuditExportFilters,
  type AuditExportKind,
  base64ToBytes,
  downloadExportFile,
  getExportProgress,
  requestExport,
  xlsxFileName,
  xlsxMimeType,
} from '../../../api/audit-export.ts';
import type { Http } from '../../../api/http.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { showToast } from '../../../ui/index.ts';

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(win: Window & typeof globalThis, blob: Blob, fileName: string): void {
  const url = win.URL.createObjectURL(blob);
  const link = win.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  win.document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference once clicked; a later revoke frees the memory without racing it.
  win.setTimeout(() => win.URL.revokeObjectURL(url), 10_000);
}

export function createAuditExportLogic(http: Http, win: Window & typeof globalThis) {
  return fileExportMachine.provide({
    actors: {
      // The audit lists export to Excel only; the resource names which of the two lists.
      requestExport: fromPromise<MachineExportAnswer, RequestExportInput>(({ input, signal }) =>
        requestExport(http, input.resource as AuditExportKind, input.filters as AuditExportFilters, signal),
      ),
      saveFile: fromPromise(async ({ input }: { input: { fileData: string; fileName: string } }) => {
        const fileName = xlsxFileName(input.fileName);
        saveBlob(win, new Blob([base64ToBytes(input.fileData)], { type: xlsxMimeType }), fileName);
        return fileName;
      }),
      checkProgress: fromPromise(({ input, signal }: { input: { jobId: string }; signal: AbortSignal }) =>
        getExportProgress(http, input.jobId, signal),
      ),
      downloadFile: fromPromise(async ({ input, signal }: { input: { fileName: string }; signal: AbortSignal }) => {
        saveBlob(win, await downloadExportFile(http, input.fileName, signal), xlsxFileName(input.fileName));
      }),
    },
  });
}

type ExportTextKey = 'completed' | 'failed';

/** 'Export completed' / 'Export failed' toasts for one export actor; returns the disconnect. */
export function connectExportToasts(actor: ActorRefFrom<FileExportMachine>, t: AreaTranslate<ExportTextKey>): () => void {
  const subscriptions = [
    actor.on('export.completed', (event) =>
      showToast({ kind: 'success', title: t('completed'), description: event.fileName || undefined }),
    ),
    actor.on('export.failed', (event) => showToast({ kind: 'error', title: t('failed'), description: event.message ?? undefined })),
  ];
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
}
