// Reference of the live preview, written from issue 19 ("edit content … with a live preview rendered
// from sample data", rendered on the server through the mail's engine) and spec 5 (a refusal says
// why, with its '[a,b]' parameters filled). Rules: the first source renders at once; typing waits
// for a pause, then renders the newest source (one request at a time; a newer source drops the
// running one); the last document stays meanwhile, marked stale; a refusal shows the first field
// message, else the message, else '', and no document; retry renders again. Plain code: it does not
// import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';
import { envelopeFields, envelopeMessage, withParameters } from './abp-error.ts';

type Phase = 'waiting' | 'rendering' | 'shown' | 'failed';

export interface LivePreviewExpectedView {
  document: string | null;
  error: string | null;
  isPending: boolean;
  isStale: boolean;
  canRetry: boolean;
}

export const livePreviewRules: RuleBook = {
  source: 'issue 19 (text templates: live preview from sample data); spec 5 (error messages)',
  rules: {
    type: { state: 'any state', text: 'Another source waits for a pause in typing; the last document stays, marked stale.' },
    moreTyping: { state: 'waiting', text: 'More typing waits again.' },
    typeWhileRendering: { state: 'rendering', text: 'Another source while rendering drops that render: its answer never shows.' },
    pause: { state: 'waiting', text: 'Typing paused: the newest source renders on the server.' },
    rendered: { state: 'rendering', text: 'The rendered document shows; an earlier error goes.' },
    refused: {
      state: 'rendering',
      text: "A refusal shows the first field message, else the message ('' without one), and no document.",
    },
    retry: { state: 'failed', text: 'Retry renders the same source again.' },
    same: { state: 'any state', text: 'The same source again changes nothing.', ignored: true },
  },
};

export function livePreviewReference(rawInput: unknown): ReferenceRun<LivePreviewExpectedView> {
  const recorder = new Recorder();
  let source = (rawInput as { source: string }).source;
  let phase: Phase = 'rendering';
  let document: string | null = null;
  let error: string | null = null;
  recorder.call('renderPreview', { source });
  const render = () => {
    phase = 'rendering';
    recorder.call('renderPreview', { source });
  };
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => {
      const isPending = phase === 'waiting' || phase === 'rendering';
      return { document, error, isPending, isStale: isPending && document !== null, canRetry: phase === 'failed' };
    },
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { source?: string; delay?: string; actor?: string; output?: unknown; error?: unknown };
      if (e.type === 'preview.change') {
        if (e.source === source) return;
        recorder.rule(phase === 'waiting' ? 'moreTyping' : phase === 'rendering' ? 'typeWhileRendering' : 'type');
        source = e.source ?? '';
        phase = 'waiting';
      } else if (phase === 'waiting' && e.type === 'after' && e.delay === 'previewDebounce') {
        recorder.rule('pause');
        render();
      } else if (phase === 'rendering' && e.type === 'done' && e.actor === 'renderPreview') {
        recorder.rule('rendered');
        phase = 'shown';
        document = e.output as string;
        error = null;
      } else if (phase === 'rendering' && e.type === 'error' && e.actor === 'renderPreview') {
        recorder.rule('refused');
        phase = 'failed';
        document = null;
        const message = envelopeMessage(e.error);
        error = Object.values(envelopeFields(e.error))[0] ?? (message === null ? '' : withParameters(message));
      } else if (phase === 'failed' && e.type === 'preview.retry') {
        recorder.rule('retry');
        render();
      }
    },
  };
}
