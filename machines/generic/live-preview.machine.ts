// The live preview of an edited text (issue 19: the text templates' editor shows the mail as it
// would be sent, rendered on the server from sample data). Generic: `renderPreview` {source}
// answers the document a source renders to. Rules:
// - The preview renders the initial source at once.
// - `preview.change` {source} with another source waits `previewDebounce` of quiet, then renders it:
//   typing does not send a request per key. The same source again changes nothing.
// - One render at a time: a change while rendering drops that render (its answer never shows) and
//   waits again.
// - Meanwhile the last document stays on screen, marked stale; a rendered document replaces it and
//   clears any error.
// - A refused render shows why: the first field message of the ABP envelope, else its message (with
//   spec 5's trailing `[a,b]` parameters filled), else ''. The last document is dropped: a preview
//   never shows a mail the source no longer renders to. `preview.retry` renders the source again.
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { saveFailure } from './settings-form.machine.ts';

export interface LivePreviewInput {
  source: string;
}

export interface LivePreviewContext {
  source: string;
  /** The last rendered document, or null. */
  document: string | null;
  /** Why the last render was refused, or null. */
  error: string | null;
}

export type LivePreviewEvent = { type: 'preview.change'; source: string } | { type: 'preview.retry' };

/** The message of a refused render: the first field's, else the envelope's, else ''. */
export function previewFailure(error: unknown): string {
  const { message, fields } = saveFailure(error);
  return Object.values(fields)[0] ?? message ?? '';
}

export const livePreviewMachine = setup({
  types: {
    context: {} as LivePreviewContext,
    events: {} as LivePreviewEvent,
    input: {} as LivePreviewInput,
  },
  actors: {
    renderPreview: fromPromise<string, { source: string }>(() => Promise.reject(new Error('actor renderPreview is not provided'))),
  },
  actions: {
    takeSource: assign({ source: (_, source: string) => source }),
  },
  guards: {
    isNewSource: ({ context }, source: string) => source !== context.source,
  },
  delays: {
    // A typing pause: live enough, without a request per key.
    previewDebounce: 400,
  },
}).createMachine({
  id: 'livePreview',
  context: ({ input }) => ({ source: input.source, document: null, error: null }),
  initial: 'rendering',
  on: {
    'preview.change': {
      guard: { type: 'isNewSource', params: ({ event }) => event.source },
      target: '.waiting',
      actions: { type: 'takeSource', params: ({ event }) => event.source },
    },
  },
  states: {
    waiting: {
      after: { previewDebounce: 'rendering' },
      on: {
        'preview.change': {
          guard: { type: 'isNewSource', params: ({ event }) => event.source },
          // Another key: the quiet period starts again.
          target: 'waiting',
          reenter: true,
          actions: { type: 'takeSource', params: ({ event }) => event.source },
        },
      },
    },
    rendering: {
      invoke: {
        id: 'renderPreview',
        src: 'renderPreview',
        input: ({ context }) => ({ source: context.source }),
        onDone: { target: 'shown', actions: assign({ document: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ document: null, error: ({ event }) => previewFailure(event.error) }) },
      },
    },
    shown: {},
    failed: {
      on: { 'preview.retry': 'rendering' },
    },
  },
});

export type LivePreviewMachine = typeof livePreviewMachine;

/** The view: the document on screen (stale while a newer source waits or renders) and the error. */
export function selectLivePreview(snapshot: SnapshotFrom<LivePreviewMachine>) {
  const { document, error } = snapshot.context;
  const isPending = snapshot.matches('waiting') || snapshot.matches('rendering');
  return { document, error, isPending, isStale: isPending && document !== null, canRetry: snapshot.matches('failed') };
}
