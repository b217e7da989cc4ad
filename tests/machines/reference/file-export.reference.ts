// Reference of the export of a list, written from issue 9 ("Export of exactly the filtered rows as
// CSV and XLSX on every list (the audit-log export job, generalised: small sets at once, large sets
// as a job with progress and an expiring link)"), issue 5 item 4 and spec 8 ('Export completed',
// 'Export failed'), and spec 7.13 (users: download-token, then the file as a browser navigation).
// Rules kept here:
// - a start asks the server once for {resource, format (xlsx unless csv asked), filters}; nothing
//   else starts while a request, a save, a job or a download is under way;
// - a file answer is saved with its data and name; a link answer is saved by address with no data;
//   then 'Export completed' {fileName} with the saved name; a failed save says 'Export failed' (no message);
// - a job is polled: running keeps the progress, polled again after the poll interval; completed
//   offers the link ('Export completed' with the job's file name) until the server's expiry, then
//   expired; failed says 'Export failed' with the job's message;
// - any refused call says 'Export failed' with the server's message (null without one); a refused
//   download keeps the link offered;
// - cancel stops a request or a job (nothing told); dismiss forgets a link.
// Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';
import { envelopeMessage } from './abp-error.ts';

type Phase = 'idle' | 'requesting' | 'saving' | 'polling' | 'waiting' | 'ready' | 'downloading' | 'expired';

export interface FileExportExpectedView {
  phase: 'idle' | 'requesting' | 'running' | 'ready' | 'downloading' | 'expired';
  canStart: boolean;
  canCancel: boolean;
  progress: { processed: number; total: number | null } | null;
  fileName: string | null;
}

export function fileExportReference(rawInput: unknown): ReferenceRun<FileExportExpectedView> {
  const resource = (rawInput as { resource: string }).resource;
  const recorder = new Recorder();
  let phase: Phase = 'idle';
  let jobId: string | null = null;
  let progress: { processed: number; total: number | null } | null = null;
  let fileName: string | null = null;
  const reset = () => {
    jobId = null;
    progress = null;
    fileName = null;
  };
  const failed = (message: string | null) => recorder.emit({ type: 'export.failed', message });
  const start = (e: Record<string, unknown>) => {
    reset();
    phase = 'requesting';
    recorder.call('requestExport', { resource, format: e.format ?? 'xlsx', filters: e.filters });
  };
  const poll = () => {
    phase = 'polling';
    recorder.call('checkProgress', { jobId });
  };
  const shown = (): FileExportExpectedView['phase'] =>
    phase === 'saving' ? 'requesting' : phase === 'polling' || phase === 'waiting' ? 'running' : phase;

  return {
    take: () => recorder.take(),
    view: () => {
      const p = shown();
      return {
        phase: p,
        canStart: p === 'idle' || p === 'ready' || p === 'expired',
        canCancel: p === 'requesting' || p === 'running',
        progress,
        fileName,
      };
    },
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & Record<string, unknown>;
      const actor = e.actor as string | undefined;
      if (e.type === 'export.start' && (phase === 'idle' || phase === 'ready' || phase === 'expired')) start(e);
      else if (e.type === 'export.cancel' && phase === 'requesting') phase = 'idle';
      else if (e.type === 'export.cancel' && (phase === 'polling' || phase === 'waiting')) {
        phase = 'idle';
        reset();
      } else if (phase === 'requesting' && e.type === 'done' && actor === 'requestExport') {
        const answer = e.output as { kind: string; fileData?: string; fileName?: string; url?: string; jobId?: string };
        if (answer.kind === 'file') {
          phase = 'saving';
          recorder.call('saveFile', { fileData: answer.fileData, fileName: answer.fileName });
        } else if (answer.kind === 'link') {
          phase = 'saving';
          recorder.call('saveFile', { fileData: '', fileName: answer.fileName, url: answer.url });
        } else {
          jobId = answer.jobId ?? null;
          poll();
        }
      } else if (phase === 'requesting' && e.type === 'error' && actor === 'requestExport') {
        phase = 'idle';
        failed(envelopeMessage(e.error));
      } else if (phase === 'saving' && e.type === 'done' && actor === 'saveFile') {
        phase = 'idle';
        recorder.emit({ type: 'export.completed', fileName: e.output as string });
      } else if (phase === 'saving' && e.type === 'error' && actor === 'saveFile') {
        phase = 'idle';
        failed(null);
      } else if (phase === 'polling' && e.type === 'done' && actor === 'checkProgress') {
        const answer = e.output as {
          status: string;
          processed?: number;
          total?: number | null;
          fileName?: string;
          message?: string | null;
        };
        if (answer.status === 'completed') {
          phase = 'ready';
          progress = null;
          fileName = answer.fileName ?? null;
          recorder.emit({ type: 'export.completed', fileName: answer.fileName });
        } else if (answer.status === 'failed') {
          phase = 'idle';
          reset();
          failed(answer.message ?? null);
        } else {
          phase = 'waiting';
          progress = { processed: answer.processed ?? 0, total: answer.total ?? null };
        }
      } else if (phase === 'polling' && e.type === 'error' && actor === 'checkProgress') {
        phase = 'idle';
        reset();
        failed(envelopeMessage(e.error));
      } else if (phase === 'waiting' && e.type === 'after') poll();
      else if (phase === 'ready' && e.type === 'after') phase = 'expired';
      else if (phase === 'ready' && e.type === 'export.download') {
        phase = 'downloading';
        recorder.call('downloadFile', { fileName });
      } else if ((phase === 'ready' || phase === 'expired') && e.type === 'export.dismiss') {
        phase = 'idle';
        reset();
      } else if (phase === 'downloading' && e.type === 'done' && actor === 'downloadFile') phase = 'ready';
      else if (phase === 'downloading' && e.type === 'error' && actor === 'downloadFile') {
        phase = 'ready';
        failed(envelopeMessage(e.error));
      }
    },
  };
}
