// The export of any list (issue 9 resource kit; spec 7.13, 7.14, 8; generalised from the audit-log
// export of issue 5 item 4), one per export button: exactly the list's filtered rows, as XLSX or CSV.
// Rules:
// - `export.start` {filters, format} (format 'xlsx' when absent) asks the server once for the
//   resource the screen named (`requestExport` {resource, format, filters}); small sets answer the
//   file at once, large ones a background job; while a request, a background job or a download
//   is under way another start is ignored (no double export), so the button can stay simple.
// - An immediate answer (base64 file + name) is handed to `saveFile` (the browser download), then
//   'Export completed'. A link answer (a one-time download address, e.g. ABP's download-token
//   export) is handed to `saveFile` as {url, fileName} with no data: the browser navigates to it. A background job is polled every `progressPollInterval` and its progress
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
import type { ListFilters } from './paged-list.machine.ts';

/** The lists' CSV and Excel; a language's texts as JSON or XLIFF 2 (language management). */
export type ExportFormat = 'xlsx' | 'csv' | 'json' | 'xliff';

/** What an export request gives: the file itself, or a background job to follow. */
export type ExportAnswer =
  | { kind: 'file'; fileData: string; fileName: string }
  | { kind: 'link'; url: string; fileName: string }
  | { kind: 'job'; jobId: string };

/** What `saveFile` receives: the file's data, or (a link answer) its address and no data. */
export interface SaveFileInput {
  fileData: string;
  fileName: string;
  url?: string;
}

/** One look at a background job. `expiresInMs`: how long the download link stays valid from now. */
export type ExportProgress =
  | { status: 'running'; processed: number; total: number | null }
  | { status: 'completed'; fileName: string; expiresInMs: number }
  | { status: 'failed'; message: string | null };

export interface RequestExportInput {
  resource: string;
  format: ExportFormat;
  filters: ListFilters;
}

export interface FileExportInput {
  /** Which list: the screen's actors map it to the export endpoint. */
  resource: string;
}

export interface FileExportContext {
  resource: string;
  format: ExportFormat;
  filters: ListFilters;
  jobId: string | null;
  progress: { processed: number; total: number | null } | null;
  file: { fileName: string; expiresInMs: number } | null;
}

export type FileExportEvent =
  | { type: 'export.start'; filters: ListFilters; format?: ExportFormat }
  | { type: 'export.cancel' }
  | { type: 'export.download' }
  | { type: 'export.dismiss' };

export type FileExportEmitted = { type: 'export.completed'; fileName: string } | { type: 'export.failed'; message: string | null };

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

type StartEvent = { filters: ListFilters; format?: ExportFormat };

export const fileExportMachine = setup({
  types: {
    context: {} as FileExportContext,
    events: {} as FileExportEvent,
    input: {} as FileExportInput,
    emitted: {} as FileExportEmitted,
  },
  actors: {
    requestExport: fromPromise<ExportAnswer, RequestExportInput>(notProvided('requestExport')),
    saveFile: fromPromise<string, SaveFileInput>(notProvided('saveFile')),
    checkProgress: fromPromise<ExportProgress, { jobId: string }>(notProvided('checkProgress')),
    downloadFile: fromPromise<void, { fileName: string }>(notProvided('downloadFile')),
  },
  guards: {
    isFileAnswer: (_, answer: ExportAnswer) => answer.kind !== 'job',
    isJobCompleted: (_, progress: ExportProgress) => progress.status === 'completed',
    isJobFailed: (_, progress: ExportProgress) => progress.status === 'failed',
  },
  actions: {
    startExport: assign((_, start: StartEvent) => ({ ...empty, filters: start.filters, format: start.format ?? ('xlsx' as const) })),
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
  id: 'fileExport',
  context: ({ input }) => ({ resource: input.resource, format: 'xlsx', filters: {}, ...empty }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'export.start': { target: 'requesting', actions: { type: 'startExport', params: ({ event }) => event } } },
    },
    requesting: {
      invoke: {
        id: 'requestExport',
        src: 'requestExport',
        input: ({ context }) => ({ resource: context.resource, format: context.format, filters: context.filters }),
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
          if (answer.kind === 'file') return { fileData: answer.fileData, fileName: answer.fileName };
          if (answer.kind === 'link') return { fileData: '', fileName: answer.fileName, url: answer.url };
          return { fileData: '', fileName: '' };
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
                target: '#fileExport.ready',
                actions: [
                  { type: 'rememberFile', params: ({ event }) => event.output },
                  { type: 'reportCompleted', params: ({ event }) => (event.output.status === 'completed' ? event.output.fileName : '') },
                ],
              },
              {
                guard: { type: 'isJobFailed', params: ({ event }) => event.output },
                target: '#fileExport.idle',
                actions: [
                  'reset',
                  { type: 'reportFailed', params: ({ event }) => (event.output.status === 'failed' ? event.output.message : null) },
                ],
              },
              { target: 'waiting', actions: { type: 'rememberProgress', params: ({ event }) => event.output } },
            ],
            onError: {
              target: '#fileExport.idle',
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
        'export.start': { target: 'requesting', actions: { type: 'startExport', params: ({ event }) => event } },
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
        'export.start': { target: 'requesting', actions: { type: 'startExport', params: ({ event }) => event } },
        'export.dismiss': { target: 'idle', actions: 'reset' },
      },
    },
  },
});

export type FileExportMachine = typeof fileExportMachine;

export type FileExportPhase = 'idle' | 'requesting' | 'running' | 'ready' | 'downloading' | 'expired';

export interface FileExportView {
  phase: FileExportPhase;
  /** Export is offered (not while one is under way). */
  canStart: boolean;
  canCancel: boolean;
  /** Rows written so far and of how many (null total: not known yet). */
  progress: { processed: number; total: number | null } | null;
  fileName: string | null;
}

/** The view model of the export button (a new object per snapshot; compare with shallowEqual). */
export function selectFileExport(snapshot: SnapshotFrom<FileExportMachine>): FileExportView {
  const phase: FileExportPhase = snapshot.matches('background')
    ? 'running'
    : snapshot.matches('saving')
      ? 'requesting'
      : (snapshot.value as FileExportPhase);
  return {
    phase,
    canStart: phase === 'idle' || phase === 'ready' || phase === 'expired',
    canCancel: phase === 'requesting' || phase === 'running',
    progress: snapshot.context.progress,
    fileName: snapshot.context.file?.fileName ?? null,
  };
}
