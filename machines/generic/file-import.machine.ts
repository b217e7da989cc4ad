// The import of a file into a list (issue 9; spec 7.13 users import), beside the list's machines.
// Rules:
// - `import.open` shows the import dialog (`choosing`); `import.close` hides it from choosing or from
//   the report, never while the file is being sent (one upload at a time, no half-closed dialog).
// - `import.upload` {file, fileType} sends the file once (`uploadFile`); while it runs another upload
//   is ignored. The answer is the report (rows in the file, created, failed, and the token of the
//   invalid-rows file when some failed): shown (`reporting`) and `list.refresh` emitted when at least
//   one row was created.
// - A refused upload (a file that is not a valid sheet, too large, …) goes back to choosing with the
//   server's message (spec 5 parameters left to the envelope reader) so the user can pick another file.
// - From the report another file may be uploaded at once.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { saveFailure } from './settings-form.machine.ts';

export interface ImportReport {
  total: number;
  created: number;
  failed: number;
  /** The invalid rows' download token; null when every row was imported. */
  invalidRowsToken: string | null;
}

export interface UploadInput {
  file: unknown;
  fileType: number;
}

export interface FileImportContext {
  report: ImportReport | null;
  error: string | null;
  fileName: string | null;
}

export type FileImportEvent =
  | { type: 'import.open' }
  | { type: 'import.close' }
  | { type: 'import.upload'; file: unknown; fileType: number; fileName: string };

export type FileImportEmitted = { type: 'list.refresh' };

function notProvided(name: string) {
  return () => Promise.reject(new Error(`actor ${name} is not provided`));
}

export const fileImportMachine = setup({
  types: {
    context: {} as FileImportContext,
    events: {} as FileImportEvent,
    emitted: {} as FileImportEmitted,
  },
  actors: {
    uploadFile: fromPromise<ImportReport, UploadInput>(notProvided('uploadFile')),
  },
  guards: {
    createdSome: (_, report: ImportReport) => report.created > 0,
  },
  actions: {
    forget: assign({ report: null, error: null, fileName: null }),
  },
}).createMachine({
  id: 'fileImport',
  context: { report: null, error: null, fileName: null },
  initial: 'closed',
  states: {
    closed: { on: { 'import.open': { target: 'choosing', actions: 'forget' } } },
    choosing: {
      on: {
        'import.close': { target: 'closed', actions: 'forget' },
        'import.upload': { target: 'uploading', actions: assign({ fileName: ({ event }) => event.fileName, error: null, report: null }) },
      },
    },
    uploading: {
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ event }) => {
          const upload = event as Extract<FileImportEvent, { type: 'import.upload' }>;
          return { file: upload.file, fileType: upload.fileType };
        },
        onDone: [
          {
            guard: { type: 'createdSome', params: ({ event }) => event.output },
            target: 'reporting',
            actions: [assign({ report: ({ event }) => event.output }), emit({ type: 'list.refresh' } as const)],
          },
          { target: 'reporting', actions: assign({ report: ({ event }) => event.output }) },
        ],
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => saveFailure(event.error).message ?? '' }) },
      },
    },
    reporting: {
      on: {
        'import.close': { target: 'closed', actions: 'forget' },
        'import.upload': { target: 'uploading', actions: assign({ fileName: ({ event }) => event.fileName, error: null, report: null }) },
      },
    },
  },
});

export type FileImportMachine = typeof fileImportMachine;

export interface FileImportView {
  phase: 'closed' | 'choosing' | 'uploading' | 'reporting';
  isOpen: boolean;
  canUpload: boolean;
  fileName: string | null;
  report: ImportReport | null;
  /** '' when the server gave no message (the view shows its generic text). */
  error: string | null;
}

export function selectFileImport(snapshot: SnapshotFrom<FileImportMachine>): FileImportView {
  const phase = snapshot.value as FileImportView['phase'];
  const { report, error, fileName } = snapshot.context;
  return { phase, isOpen: phase !== 'closed', canUpload: phase === 'choosing' || phase === 'reporting', fileName, report, error };
}
