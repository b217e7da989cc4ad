// Reference of the menu layout choice, written from spec 2.3 ('A top-menu variant of the layout also
// exists'; the settings panel opens on click in the side-menu layout and on hover in the top-menu
// one) and, as for the container width (spec 4.3), a saved choice: on start the saved layout, failing
// that the configured default, Side menu unless configured; a choice shows at once and is then saved
// (LPX_MENU_LAYOUT); re-selecting the current one does nothing. Plain code: it does not import the
// machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

type Layout = 'side-menu' | 'top-menu';

export interface MenuLayoutExpectedView {
  layout: Layout;
  isTopMenu: boolean;
  isLoading: boolean;
}

export const menuLayoutRules: RuleBook = {
  source: 'spec 2.3 (side and top menu layouts), 4.3 (saved appearance choices)',
  rules: {
    start: { state: 'loading', text: 'The saved choice is read; meanwhile the configured default (Side menu) shows.' },
    saved: { state: 'loading', text: 'A saved side-menu or top-menu choice is applied.' },
    fallback: { state: 'loading', text: 'Otherwise (none, unknown, unreadable) the configured default is applied.' },
    select: { state: 'ready', text: 'Choosing the other layout applies it at once and saves it.' },
    reselect: { state: 'ready', text: 'Re-selecting the current layout (or an unknown one) does nothing.', ignored: true },
    saved2: { state: 'saving', text: 'Saved: the choice stays.' },
    notSaved: { state: 'saving', text: 'Not saved (storage full or blocked): the choice still stays for the visit.' },
    selectWhileSaving: { state: 'saving', text: 'A newer choice while saving applies and saves that one instead.' },
  },
};

export function menuLayoutReference(rawInput: unknown): ReferenceRun<MenuLayoutExpectedView> {
  const fallback: Layout = (rawInput as { defaultLayout?: Layout } | undefined)?.defaultLayout ?? 'side-menu';
  const isLayout = (value: unknown): value is Layout => value === 'side-menu' || value === 'top-menu';
  const recorder = new Recorder();
  let phase: 'loading' | 'ready' | 'saving' = 'loading';
  let layout: Layout | null = null;
  const choose = (saved: unknown) => {
    recorder.rule(isLayout(saved) ? 'saved' : 'fallback');
    layout = isLayout(saved) ? saved : fallback;
    phase = 'ready';
    recorder.emit({ type: 'menuLayout.apply', layout });
  };
  recorder.rule('start');
  recorder.call('loadMenuLayout', undefined);
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ layout: layout ?? fallback, isTopMenu: (layout ?? fallback) === 'top-menu', isLoading: phase === 'loading' }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; layout?: unknown };
      if (phase === 'loading' && e.type === 'done' && e.actor === 'loadMenuLayout') choose(e.output);
      else if (phase === 'loading' && e.type === 'error' && e.actor === 'loadMenuLayout') choose(null);
      else if (phase !== 'loading' && e.type === 'menuLayout.select') {
        if (e.layout === layout || !isLayout(e.layout)) recorder.rule('reselect');
        else {
          recorder.rule(phase === 'saving' ? 'selectWhileSaving' : 'select');
          layout = e.layout;
          recorder.emit({ type: 'menuLayout.apply', layout });
          phase = 'saving';
          recorder.call('saveMenuLayout', { layout });
        }
      } else if (phase === 'saving' && (e.type === 'done' || e.type === 'error') && e.actor === 'saveMenuLayout') {
        recorder.rule(e.type === 'done' ? 'saved2' : 'notSaved');
        phase = 'ready';
      }
    },
  };
}
