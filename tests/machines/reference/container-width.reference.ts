// Reference of the shell's container width, written from spec 2.3 (settings panel: Boxed Layout,
// Full Width, Fluid), spec 3 Appearance (layout options with an order and a default flag), spec 4.3
// (Full Width is the default unless a saved choice exists; the choice is saved under LPX_LAYOUT) and
// spec 9 (boxed order 0, full order 1 default, fixed 'Fluid' order 2). A choice shows at once, then
// is saved; re-selecting the current width does nothing. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

interface Option {
  layoutClass: string;
  label: string;
  icon?: string;
  order: number;
  default?: boolean;
}

export interface ContainerWidthExpectedView {
  layout: string | null;
  options: Option[];
  isLoading: boolean;
}

const spec9: Option[] = [
  { layoutClass: 'boxed', label: 'Boxed Layout', icon: 'square', order: 0 },
  { layoutClass: 'full', label: 'Full Width', icon: 'maximize', order: 1, default: true },
  { layoutClass: 'fixed', label: 'Fluid', icon: 'columns', order: 2 },
];

export const containerWidthRules: RuleBook = {
  source: 'spec 2.3 (settings panel), 3 (Appearance), 4.3 (container width), 9 (layouts)',
  rules: {
    start: { state: 'loading', text: 'The saved choice is read; the options are shown by order.' },
    saved: { state: 'loading', text: 'A saved choice that is offered is applied.' },
    fallback: { state: 'loading', text: 'Otherwise (none, unknown, unreadable): the default option, else Full Width, else the first.' },
    select: { state: 'ready', text: 'Choosing another offered width applies it at once and saves it under LPX_LAYOUT.' },
    reselect: { state: 'ready', text: 'Re-selecting the current width (or one not offered) does nothing.' },
    saved2: { state: 'saving', text: 'Saved: the choice stays.' },
    notSaved: { state: 'saving', text: 'Not saved (storage full or blocked): the choice still stays for the visit.' },
    selectWhileSaving: { state: 'saving', text: 'A newer choice while saving applies and saves that one instead.' },
  },
};

export function containerWidthReference(rawInput: unknown): ReferenceRun<ContainerWidthExpectedView> {
  const options = [...((rawInput as { options?: Option[] } | undefined)?.options ?? spec9)].sort((a, b) => a.order - b.order);
  const offered = (name: unknown) => options.some((option) => option.layoutClass === name);
  const recorder = new Recorder();
  let phase: 'loading' | 'ready' | 'saving' = 'loading';
  let layout: string | null = null;
  const choose = (saved: unknown) => {
    recorder.rule(offered(saved) ? 'saved' : 'fallback');
    layout = offered(saved)
      ? (saved as string)
      : (options.find((option) => option.default)?.layoutClass ?? (offered('full') ? 'full' : (options[0]?.layoutClass ?? null)));
    phase = 'ready';
    recorder.emit({ type: 'layout.apply', layout });
  };
  recorder.rule('start');
  recorder.call('loadLayout', undefined);
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ layout, options, isLoading: phase === 'loading' }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; layout?: string };
      if (phase === 'loading' && e.type === 'done' && e.actor === 'loadLayout') choose(e.output);
      else if (phase === 'loading' && e.type === 'error' && e.actor === 'loadLayout') choose(null);
      else if (phase !== 'loading' && e.type === 'layout.select') {
        if (e.layout === layout || !offered(e.layout)) recorder.rule('reselect');
        else {
          recorder.rule(phase === 'saving' ? 'selectWhileSaving' : 'select');
          layout = e.layout ?? null;
          recorder.emit({ type: 'layout.apply', layout });
          phase = 'saving';
          recorder.call('saveLayout', { layout });
        }
      } else if (phase === 'saving' && (e.type === 'done' || e.type === 'error') && e.actor === 'saveLayout') {
        recorder.rule(e.type === 'done' ? 'saved2' : 'notSaved');
        phase = 'ready';
      }
    },
  };
}
