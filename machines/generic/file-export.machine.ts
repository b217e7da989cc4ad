// The export of an audit list to Excel (spec 7.14, 8; issue 5 item 4), one per export button. Rules:
// - `export.start` {filters} asks the server once; while a request, a background job or a download
//   is under way another start is ignored (no double export), so the button can stay simple.
// - An immediate answer (base64 file + name) is handed to `saveFile` (the browser download), then
//   'Export completed'. A background job is polled every `progressPollInterval` and its progress
//   kept for the progress bar; when it finishes the download link is offered for as long as the
//   server keeps the file (`linkLifetime`, from the server's expiry), then it is marked expired.
//   The link's download goes through `downloadFile`; a new export may start from there at any time.
// - 'Export completed' is emitted when the file was saved (immediate) or is ready (background);
//   any failure (request, job, progress, save, download) emits 'Export failed' with the server's
//   message when it sent one. `export.cancel` stops a request or a job's polling and returns to idle.
// - Effects are named actors (requestExport, saveFile: resolves with the name it saved,
//   checkProgress, downloadFile); toasts leave as emitted events. The base64 file stays out of the
//   context (it can be megabytes): it goes straight from the answer to saveFile's input.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { AuditExportFilters, AuditExportKind, ExportAnswer, ExportProgress } from '../../src/api/audit-export.ts';

export interface AuditExportInput {
  kind: AuditExportKind;
}

export interface AuditExportContext {
  kind: AuditExportKind;
  filters: AuditExportFilters;
  jobId: string | null;
  progress: { processed: number; total: number | null } | null;
  file: { fileName: string; expiresInMs: number } | null;
}

export type AuditExportEvent =
  | { type: 'export.start'; filters: AuditExportFilters }
  | { type: 'export.cancel' }
  | { type: 'export.download' }
  | { type: 'export.dismiss' };

export type AuditExportEmitted = { type: 'export.completed'; fileName: string } | { type: 'export.failed'; message: string | null };

function notProvided(name: string) {
  return () => Promise.reject(new Error(`actor ${name} is not provided`));
}

/** The message of an ABP error envelope ({error: {message}}), if the failure carried one. */
export function failureMessage(error: unknown): string | null {
  const data = (error as { data?: { error?: { message?: unknown } } } | null)?.data;
  const message = data?.error?.message;
  return typeof message === 'string' && message !== '' ? message : null;
}

const empty = { jobId: null, progress: null, file: null } as const;

export const auditExportMachine = setup({
  types: {
    context: {} as AuditExportContext,
    events: {} as AuditExportEvent,
    input: {} as AuditExportInput,
    emitted: {} as AuditExportEmitted,
  },
  actors: {
    requestExport: fromPromise<ExportAnswer, { kind: AuditExportKind; filters: AuditExportFilters }>(notProvided('requestExport')),
    saveFile: fromPromise<string, { fileData: string; fileName: string }>(notProvided('saveFile')),
    checkProgress: fromPromise<ExportProgress, { jobId: string }>(notProvided('checkProgress')),
    downloadFile: fromPromise<void, { fileName: string }>(notProvided('downloadFile')),
  },
  guards: {
    isFileAnswer: (_, answer: ExportAnswer) => answer.kind === 'file',
    isJobCompleted: (_, progress: ExportProgress) => progress.status === 'completed',
    isJobFailed: (_, progress: ExportProgress) => progress.status === 'failed',
  },
  actions: {
    startExport: assign((_, filters: AuditExportFilters) => ({ ...empty, filters })),
    reset: assign({ ...empty }),
    rememberJob: assign({ jobId: (_, answer: ExportAnswer) => (answer.kind === 'job' ? answer.jobId : null) }),
    rememberProgress: assign({
      progress: (_, progress: ExportProgress) =>
        progress.status === 'running' ? { processed: progress.processed, total: progress.total } : null,
    }),
    rememberFile: assign({
      progress: null,
      file: (_, progress: ExportProgress) =>
        progress.status === 'completed' ? { fileName: progress.fileName, expiresInMs: progress.expiresInMs } : null,
    }),
    reportCompleted: emit((_, fileName: string) => ({ type: 'export.completed', fileName }) as const),
    reportFailed: emit((_, message: string | null) => ({ type: 'export.failed', message }) as const),
  },
  delays: {
    // Often enough for a moving bar, rarely enough not to load the server while it writes the file.
    progressPollInterval: 1000,
    // As long as the server keeps the file; the machine never offers a link the server would refuse.
    linkLifetime: ({ context }) => context.file?.expiresInMs ?? 0,
  },
}).createMachine({
  id: 'auditExport',
  context: ({ input }) => ({ kind: input.kind, filters: {}, ...empty }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': { target: 'requesting', actions: { type: 'startExport', params: ({ event }) => event.filters } } },
    },
    requesting: {
      invoke: {
        id: 'requestExport',
        src: 'requestExport',
        input: ({ context }) => ({ kind: context.kind, filters: context.filters }),
        onDone: [
          { guard: { type: 'isFileAnswer', params: ({ event }) => event.output }, target: 'saving' },
          { target: 'background', actions: { type: 'rememberJob', params: ({ event }) => event.output } },
        ],
        onError: { target: 'idle', actions: { type: 'reportFailed', params: ({ event }) => failureMessage(event.error) } },
      },
      on: { 'export.cancel': 'idle' },
    },
    saving: {
      invoke: {
        id: 'saveFile',
        src: 'saveFile',
        input: ({ event }) => {
          const answer = (event as unknown as { output: ExportAnswer }).output;
          return answer.kind === 'file' ? { fileData: answer.fileData, fileName: answer.fileName } : { fileData: '', fileName: '' };
        },
        onDone: {
          target: 'idle',
          actions: { type: 'reportCompleted', params: ({ event }) => event.output },
        },
        onError: { target: 'idle', actions: { type: 'reportFailed', params: null } },
      },
    },
    background: {
      initial: 'polling',
      on: { 'export.cancel': { target: 'idle', actions: 'reset' } },
      states: {
        polling: {
          invoke: {
            id: 'checkProgress',
            src: 'checkProgress',
            input: ({ context }) => ({ jobId: context.jobId ?? '' }),
            onDone: [
              {
                guard: { type: 'isJobCompleted', params: ({ event }) => event.output },
                target: '#auditExport.ready',
                actions: [
                  { type: 'rememberFile', params: ({ event }) => event.output },
                  { type: 'reportCompleted', params: ({ event }) => (event.output.status === 'completed' ? event.output.fileName : '') },
                ],
              },
              {
                guard: { type: 'isJobFailed', params: ({ event }) => event.output },
                target: '#auditExport.idle',
                actions: [
                  'reset',
                  { type: 'reportFailed', params: ({ event }) => (event.output.status === 'failed' ? event.output.message : null) },
                ],
              },
              { target: 'waiting', actions: { type: 'rememberProgress', params: ({ event }) => event.output } },
            ],
            onError: {
              target: '#auditExport.idle',
              actions: ['reset', { type: 'reportFailed', params: ({ event }) => failureMessage(event.error) }],
            },
          },
        },
        waiting: { after: { progressPollInterval: 'polling' } },
      },
    },
    ready: {
      after: { linkLifetime: 'expired' },
      on: {
        'export.download': 'downloading',
        'export.start': { target: 'requesting', actions: { type: 'startExport', params: ({ event }) => event.filters } },
        'export.dismiss': { target: 'idle', actions: 'reset' },
      },
    },
    downloading: {
      invoke: {
        id: 'downloadFile',
        src: 'downloadFile',
        input: ({ context }) => ({ fileName: context.file?.fileName ?? '' }),
        onDone: 'ready',
        // A refused download (the file went early, the network failed) says so; the link stays
        // offered until its expiry, so the user can try again.
        onError: { target: 'ready', actions: { type: 'reportFailed', params: ({ event }) => failureMessage(event.error) } },
      },
    },
    expired: {
      on: {
        'export.start': { target: 'requesting', actions: { type: 'startExport', params: ({ event }) => event.filters } },
        'export.dismiss': { target: 'idle', actions: 'reset' },
      },
    },
  },
});

export type AuditExportMachine = typeof auditExportMachine;

export type AuditExportPhase = 'idle' | 'requesting' | 'running' | 'ready' | 'downloading' | 'expired';

export interface AuditExportView {
  phase: AuditExportPhase;
  /** Export to Excel is offered (not while one is under way). */
  canStart: boolean;
  canCancel: boolean;
  /** Rows written so far and of how many (null total: not known yet). */
  progress: { processed: number; total: number | null } | null;
  fileName: string | null;
}

/** The view model of the export button (a new object per snapshot; compare with shallowEqual). */
export function selectAuditExport(snapshot: SnapshotFrom<AuditExportMachine>): AuditExportView {
  const phase: AuditExportPhase = snapshot.matches('background')
    ? 'running'
    : snapshot.matches('saving')
      ? 'requesting'
      : (snapshot.value as AuditExportPhase);
  return {
    phase,
    canStart: phase === 'idle' || phase === 'ready' || phase === 'expired',
    canCancel: phase === 'requesting' || phase === 'running',
    progress: snapshot.context.progress,
    fileName: snapshot.context.file?.fileName ?? null,
  };
}
