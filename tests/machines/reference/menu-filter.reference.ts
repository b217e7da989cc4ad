// Reference of the side menu's 'Filter Menu' box, written from spec 2.3 (the filter matches item
// text as a case-insensitive substring, expands the parents of matching items, and has a clear
// button). A matching item keeps its children; blanks around the text are ignored; typing filters
// after a short quiet time (the previous filter stays meanwhile), clearing or a blank text shows the
// whole menu at once; a new menu tree (language, permissions) is filtered the same way. Plain code:
// it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

interface Item {
  id: string;
  text: string;
  children?: readonly Item[];
}

export interface MenuFilterExpectedView {
  text: string;
  canClear: boolean;
  isPending: boolean;
  items: Item[];
  /** Sorted: which groups are expanded, not in what order they were found. */
  expandedIds: string[];
}

export const menuFilterRules: RuleBook = {
  source: 'spec 2.3 (Filter Menu)',
  rules: {
    type: { state: 'idle', text: 'Typing shows the text; the menu filters once typing pauses (the filter in force stays meanwhile).' },
    blanks: { state: 'idle', text: 'Blanks only: the box shows them, the whole menu stays.' },
    pause: {
      state: 'debouncing',
      text: 'Typing paused: the items whose text contains the trimmed text (any case) show, with their children; their parents show expanded; nothing else.',
    },
    moreTyping: { state: 'debouncing', text: 'More typing waits again.' },
    blankAgain: { state: 'debouncing', text: 'A blank text shows the whole menu at once.' },
    clear: { state: 'filtered', text: 'Clear empties the box and shows the whole menu at once.' },
    retype: { state: 'filtered', text: 'Typing another text filters again once typing pauses.' },
    items: { state: 'any state', text: 'A new menu tree (language, permissions) replaces the items, under the same filter.' },
  },
  equivalentMutants: [
    {
      mutant: "the query's context.text.trim() made context.text",
      why: 'filterMenu trims the query itself, and the view shows the typed text, not the query.',
    },
  ],
};

function filtered(items: readonly Item[], query: string): { items: Item[]; expandedIds: string[] } {
  const needle = query.trim().toLowerCase();
  if (needle === '') return { items: [...items], expandedIds: [] };
  const expanded = new Set<string>();
  const keep = (list: readonly Item[]): Item[] => {
    const result: Item[] = [];
    for (const item of list) {
      const inside = keep(item.children ?? []);
      if (inside.length > 0) expanded.add(item.id);
      if (item.text.toLowerCase().includes(needle)) result.push(item);
      else if (inside.length > 0) result.push({ ...item, children: inside });
    }
    return result;
  };
  const visible = keep(items);
  return { items: visible, expandedIds: [...expanded].sort() };
}

export function menuFilterReference(rawInput: unknown): ReferenceRun<MenuFilterExpectedView> {
  let items = (rawInput as { items: readonly Item[] }).items;
  const recorder = new Recorder();
  let phase: 'idle' | 'debouncing' | 'filtered' = 'idle';
  let text = '';
  let query = '';
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ text, canClear: text !== '', isPending: phase === 'debouncing', ...filtered(items, query) }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { text?: string; delay?: string; items?: readonly Item[] };
      if (e.type === 'menu.itemsChanged') {
        recorder.rule('items');
        items = e.items ?? [];
      } else if (e.type === 'filter.change') {
        text = e.text ?? '';
        const blank = text.trim() === '';
        if (blank && phase === 'idle') recorder.rule('blanks');
        else if (blank) {
          recorder.rule('blankAgain');
          query = '';
          phase = 'idle';
        } else {
          recorder.rule(phase === 'idle' ? 'type' : phase === 'debouncing' ? 'moreTyping' : 'retype');
          phase = 'debouncing';
        }
      } else if (phase === 'debouncing' && e.type === 'after' && e.delay === 'filterDebounce') {
        recorder.rule('pause');
        query = text.trim();
        phase = 'filtered';
      } else if (phase !== 'idle' && e.type === 'filter.clear') {
        recorder.rule('clear');
        text = '';
        query = '';
        phase = 'idle';
      }
    },
  };
}
