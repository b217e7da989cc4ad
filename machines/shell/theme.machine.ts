// Theme of the shell (spec 2.3 settings panel, 3 Appearance, 4.3, 8): light, dim (Semi-Dark), dark
// or System. Rules:
// - On start the saved choice (LPX_THEME, read by `loadTheme`) is applied; failing that (none,
//   unknown, not offered, unreadable) the style configured as default; failing that System. When
//   the configuration disables System, the last fallback is the first option by order.
// - System follows the OS preference (`watchColorScheme` reports `os.schemeChanged`, also once at
//   start) and re-applies when it changes; it applies the style whose systemKey is that scheme, and
//   with none the view model carries 'System style {dark|light} not found.' and nothing is applied.
// - Re-selecting the current theme (or one not offered) is not a transition: no effect, no save.
// - A choice is applied at once (emitted `theme.apply`) and then saved by `saveTheme`; a failed save
//   (storage full or blocked) keeps the choice for this visit: the page must not flip back.
// - `theme.reloadStyles` (the language direction changed) applies the current style again.
import { assign, enqueueActions, fromCallback, fromPromise, type SnapshotFrom, setup } from 'xstate';

export type ThemeStyleName = 'light' | 'dim' | 'dark' | 'system';
export type ConcreteThemeStyle = Exclude<ThemeStyleName, 'system'>;
export type ColorScheme = 'light' | 'dark';

/** A theme style as the configuration describes it (spec 3 Appearance; bundles are the view's concern). */
export interface ThemeStyle {
  styleName: ThemeStyleName;
  label: string;
  icon?: string;
  /** The OS scheme this style stands for when System is chosen. */
  systemKey?: ColorScheme;
  defaultTheme?: boolean;
  order: number;
}

/** LeptonX's four styles, in the settings panel's order. */
export const defaultThemeStyles: readonly ThemeStyle[] = [
  { styleName: 'light', label: 'Light', icon: 'sun', systemKey: 'light', order: 0 },
  { styleName: 'dim', label: 'Semi-Dark', icon: 'cloud', order: 1 },
  { styleName: 'dark', label: 'Dark', icon: 'moon', systemKey: 'dark', order: 2 },
  { styleName: 'system', label: 'System', icon: 'monitor', order: 3 },
];

export interface ThemeInput {
  /** The available styles (defaults to `defaultThemeStyles`). */
  styles?: readonly ThemeStyle[];
  /** Configuration can disable the System option (default: enabled). */
  isSystemEnabled?: boolean;
}

export interface ThemeContext {
  /** The offered options, sorted by order (System left out when disabled). */
  options: ThemeStyle[];
  /** The chosen style; null until the saved choice has been read. */
  style: ThemeStyleName | null;
  /** The OS preference as last reported (light until the watcher says otherwise). */
  osScheme: ColorScheme;
}

export type ThemeEvent =
  | { type: 'theme.select'; style: ThemeStyleName }
  | { type: 'theme.reloadStyles' }
  | { type: 'os.schemeChanged'; scheme: ColorScheme };

export type ThemeEmitted = { type: 'theme.apply'; style: ConcreteThemeStyle };

/** The concrete style the page shows for a choice, or null when System has no style for the OS scheme. */
export function appliedStyle(context: ThemeContext): ConcreteThemeStyle | null {
  if (context.style === null) return null;
  if (context.style !== 'system') return context.style;
  const match = context.options.find((option) => option.systemKey === context.osScheme && option.styleName !== 'system');
  return (match?.styleName as ConcreteThemeStyle | undefined) ?? null;
}

/** The error text of spec 8, when System is chosen and no style stands for the OS scheme. */
export function themeError(context: ThemeContext): string | null {
  return context.style === 'system' && appliedStyle(context) === null ? `System style ${context.osScheme} not found.` : null;
}

function initialStyle(options: ThemeStyle[], saved: string | null): ThemeStyleName | null {
  const offered = (name: string | null | undefined) => options.find((option) => option.styleName === name)?.styleName;
  return offered(saved) ?? options.find((option) => option.defaultTheme)?.styleName ?? offered('system') ?? options[0]?.styleName ?? null;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
    input: {} as ThemeInput,
    emitted: {} as ThemeEmitted,
  },
  actors: {
    loadTheme: fromPromise<string | null>(notProvided('loadTheme')),
    saveTheme: fromPromise<void, { style: ThemeStyleName }>(notProvided('saveTheme')),
    // Reports the OS scheme at start and on every change; the real one listens to matchMedia.
    watchColorScheme: fromCallback<ThemeEvent>(() => {}),
  },
  guards: {
    isOtherOfferedStyle: ({ context }, style: ThemeStyleName) =>
      style !== context.style && context.options.some((option) => option.styleName === style),
    isFollowingSystem: ({ context }) => context.style === 'system',
  },
  actions: {
    applyStyle: enqueueActions(({ context, enqueue }) => {
      const style = appliedStyle(context);
      if (style) enqueue.emit({ type: 'theme.apply', style });
    }),
  },
}).createMachine({
  id: 'theme',
  context: ({ input }) => ({
    options: [...(input.styles ?? defaultThemeStyles)]
      .filter((style) => style.styleName !== 'system' || input.isSystemEnabled !== false)
      .sort((a, b) => a.order - b.order),
    style: null,
    osScheme: 'light',
  }),
  invoke: { id: 'watchColorScheme', src: 'watchColorScheme' },
  on: {
    'os.schemeChanged': [
      {
        guard: 'isFollowingSystem',
        actions: [assign({ osScheme: ({ event }) => event.scheme }), 'applyStyle'],
      },
      { actions: assign({ osScheme: ({ event }) => event.scheme }) },
    ],
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTheme',
        src: 'loadTheme',
        onDone: {
          target: 'ready',
          actions: [assign({ style: ({ context, event }) => initialStyle(context.options, event.output) }), 'applyStyle'],
        },
        // Unreadable storage is no saved choice.
        onError: { target: 'ready', actions: [assign({ style: ({ context }) => initialStyle(context.options, null) }), 'applyStyle'] },
      },
    },
    ready: {
      on: {
        'theme.select': {
          guard: { type: 'isOtherOfferedStyle', params: ({ event }) => event.style },
          target: 'saving',
          actions: [assign({ style: ({ event }) => event.style }), 'applyStyle'],
        },
        'theme.reloadStyles': { actions: 'applyStyle' },
      },
    },
    saving: {
      invoke: {
        id: 'saveTheme',
        src: 'saveTheme',
        input: ({ context }) => ({ style: context.style as ThemeStyleName }),
        onDone: { target: 'ready' },
        onError: { target: 'ready' },
      },
      on: {
        // A newer choice restarts the save, so the last choice is the one stored.
        'theme.select': {
          guard: { type: 'isOtherOfferedStyle', params: ({ event }) => event.style },
          target: 'saving',
          reenter: true,
          actions: [assign({ style: ({ event }) => event.style }), 'applyStyle'],
        },
        'theme.reloadStyles': { actions: 'applyStyle' },
      },
    },
  },
});

export type ThemeMachine = typeof themeMachine;

/** The view model of the settings panel's Appearance group. */
export function selectTheme(snapshot: SnapshotFrom<ThemeMachine>) {
  const { context } = snapshot;
  return {
    style: context.style,
    applied: appliedStyle(context),
    error: themeError(context),
    options: context.options,
    isLoading: snapshot.matches('loading'),
  };
}
