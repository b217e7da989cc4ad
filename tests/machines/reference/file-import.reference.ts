// Reference of a file import, written from spec 7.13 (import-users-from-file answers
// ImportUsersFromFileOutput: all, succeeded, failed and the invalid-users token) and issue 9
// ("import from Excel or CSV with the sample file, a report of created / failed rows and the
// invalid-rows file"), spec 5 (no double submit) and spec 8 (list refreshed after a change). Rules:
// the dialog opens to choose a file; a file is sent once and nothing else is sent while it runs; the
// report is shown, the list refreshed only when rows were created; a refused file shows the server's
// message ('' without one) and lets the user choose again; close from choosing or the report.
// Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';
import { envelopeMessage, withParameters } from './abp-error.ts';

type Phase = 'closed' | 'choosing' | 'uploading' | 'reporting';

export interface FileImportExpectedView {
  phase: Phase;
  isOpen: boolean;
  canUpload: boolean;
  fileName: string | null;
  report: unknown;
  error: string | null;
}

export function fileImportReference(): ReferenceRun<FileImportExpectedView> {
  const recorder = new Recorder();
  let phase: Phase = 'closed';
  let fileName: string | null = null;
  let report: unknown = null;
  let error: string | null = null;
  const forget = () => {
    fileName = null;
    report = null;
    error = null;
  };
  return {
    take: () => recorder.take(),
    view: () => ({ phase, isOpen: phase !== 'closed', canUpload: phase === 'choosing' || phase === 'reporting', fileName, report, error }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & Record<string, unknown>;
      if (phase === 'closed' && e.type === 'import.open') {
        phase = 'choosing';
        forget();
      } else if ((phase === 'choosing' || phase === 'reporting') && e.type === 'import.close') {
        phase = 'closed';
        forget();
      } else if ((phase === 'choosing' || phase === 'reporting') && e.type === 'import.upload') {
        phase = 'uploading';
        fileName = e.fileName as string;
        report = null;
        error = null;
        recorder.call('uploadFile', { file: e.file, fileType: e.fileType });
      } else if (phase === 'uploading' && e.type === 'done') {
        phase = 'reporting';
        report = e.output;
        if ((e.output as { created: number }).created > 0) recorder.emit({ type: 'list.refresh' });
      } else if (phase === 'uploading' && e.type === 'error') {
        phase = 'choosing';
        const message = envelopeMessage(e.error);
        error = message === null ? '' : withParameters(message);
      }
    },
  };
}
