// Reference of the shell's theme, written from spec 2.3 (settings panel: Light, Semi-Dark, Dark,
// System), spec 3 Appearance (styles with a systemKey and a default flag, ordered), spec 4.3 (on
// start the saved choice, failing that the default theme, failing that System; System follows the
// OS preference and re-applies when it changes, and can be disabled; re-selecting the current theme
// does nothing; the choice is saved under LPX_THEME; a change of language direction reloads the
// styles), spec 8 ('System style {dark|light} not found.') and spec 9 (LeptonX's styles). A choice
// shows at once, before it is saved; a failed save keeps it for the visit. Plain code: it does not
// import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

type Scheme = 'light' | 'dark';
interface Style {
  styleName: string;
  label: string;
  icon?: string;
  systemKey?: Scheme;
  defaultTheme?: boolean;
  order: number;
}

export interface ThemeExpectedView {
  style: string | null;
  applied: string | null;
  error: string | null;
  options: Style[];
  isLoading: boolean;
}

/** Spec 9: light, dim ('Semi-Dark'), dark, system. */
const leptonX: Style[] = [
  { styleName: 'light', label: 'Light', icon: 'sun', systemKey: 'light', order: 0 },
  { styleName: 'dim', label: 'Semi-Dark', icon: 'cloud', order: 1 },
  { styleName: 'dark', label: 'Dark', icon: 'moon', systemKey: 'dark', order: 2 },
  { styleName: 'system', label: 'System', icon: 'monitor', order: 3 },
];

export const themeRules: RuleBook = {
  source: 'spec 2.3 (settings panel), 3 (Appearance), 4.3 (theme), 8 (System style not found), 9 (styles)',
  rules: {
    start: {
      state: 'loading',
      text: 'The OS preference is watched and the saved choice read; the options are the configured styles by order (System left out when disabled).',
    },
    saved: { state: 'loading', text: 'The saved choice is applied when it is offered.' },
    fallback: {
      state: 'loading',
      text: 'No saved choice offered (none, unknown, unreadable): the default theme, else System, else the first option.',
    },
    select: { state: 'ready', text: 'Choosing another offered theme applies it at once and saves it under LPX_THEME.' },
    reselect: { state: 'ready', text: 'Re-selecting the current theme (or one not offered) does nothing.' },
    reload: { state: 'ready', text: 'A change of language direction applies the current style again.' },
    saved2: { state: 'saving', text: 'Saved: the choice stays.' },
    notSaved: { state: 'saving', text: 'Not saved (storage full or blocked): the choice still stays for the visit.' },
    selectWhileSaving: { state: 'saving', text: 'A newer choice while saving applies and saves that one instead.' },
    os: {
      state: 'any state',
      text: "System follows the OS preference: a change re-applies the style whose systemKey is the new scheme; with none, 'System style {scheme} not found.' and nothing is applied.",
    },
  },
};

export function themeReference(rawInput: unknown): ReferenceRun<ThemeExpectedView> {
  const input = (rawInput ?? {}) as { styles?: Style[]; isSystemEnabled?: boolean };
  const recorder = new Recorder();
  const options = [...(input.styles ?? leptonX)]
    .filter((style) => style.styleName !== 'system' || input.isSystemEnabled !== false)
    .sort((a, b) => a.order - b.order);
  const offered = (name: unknown) => options.some((option) => option.styleName === name);
  let phase: 'loading' | 'ready' | 'saving' = 'loading';
  let style: string | null = null;
  let os: Scheme = 'light';
  const applied = () => {
    if (style !== 'system') return style;
    return options.find((option) => option.systemKey === os && option.styleName !== 'system')?.styleName ?? null;
  };
  const apply = () => {
    const shown = applied();
    if (shown) recorder.emit({ type: 'theme.apply', style: shown });
  };
  const choose = (saved: unknown) => {
    if (offered(saved)) {
      recorder.rule('saved');
      style = saved as string;
    } else {
      recorder.rule('fallback');
      style = options.find((option) => option.defaultTheme)?.styleName ?? (offered('system') ? 'system' : (options[0]?.styleName ?? null));
    }
    phase = 'ready';
    apply();
  };
  recorder.rule('start');
  recorder.call('watchColorScheme', undefined);
  recorder.call('loadTheme', undefined);
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({
      style,
      applied: applied(),
      error: style === 'system' && applied() === null ? `System style ${os} not found.` : null,
      options,
      isLoading: phase === 'loading',
    }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; style?: string; scheme?: Scheme };
      if (phase === 'loading' && e.type === 'done' && e.actor === 'loadTheme') choose(e.output);
      else if (phase === 'loading' && e.type === 'error' && e.actor === 'loadTheme') choose(null);
      else if (e.type === 'os.schemeChanged') {
        recorder.rule('os');
        os = e.scheme ?? 'light';
        if (style === 'system') apply();
      } else if (phase !== 'loading' && e.type === 'theme.select') {
        if (e.style === style || !offered(e.style)) recorder.rule('reselect');
        else {
          recorder.rule(phase === 'saving' ? 'selectWhileSaving' : 'select');
          style = e.style ?? null;
          apply();
          phase = 'saving';
          recorder.call('saveTheme', { style });
        }
      } else if (phase !== 'loading' && e.type === 'theme.reloadStyles') {
        recorder.rule('reload');
        apply();
      } else if (phase === 'saving' && (e.type === 'done' || e.type === 'error') && e.actor === 'saveTheme') {
        recorder.rule(e.type === 'done' ? 'saved2' : 'notSaved');
        phase = 'ready';
      }
    },
  };
}
