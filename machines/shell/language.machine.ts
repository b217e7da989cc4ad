// The language selector of the shell (spec 2.3 settings panel, 3 Language, 4.3, 7.1). Rules:
// - Languages and the current culture come from the application configuration (input), and again
//   each time it loads (`language.offered`: the host's or tenant's enabled languages, language
//   management's, and the culture the server answered in); taken while no switch is under way.
// - Choosing another language first loads its texts (`loadTexts`, for that culture), then makes it
//   the culture of every later request (`setLanguage`: Accept-Language, the saved choice); only then
//   is it current. So a failure changes nothing: the page keeps one language, never texts of one and
//   requests of another. Re-choosing the current language is not a transition.
// - Busy while switching; a failure keeps the choice pending, with retry (or another choice) and
//   dismiss.
// - On success it emits `language.changed` (culture and direction, for the document's lang/dir)
//   and, when the direction changes (Arabic is right-to-left), `themeStylesReload`.
import { assign, enqueueActions, fromPromise, type SnapshotFrom, setup } from 'xstate';

export interface Language {
  cultureName: string;
  displayName: string;
  flagIcon?: string;
}

export type Direction = 'ltr' | 'rtl';

export interface LanguageInput {
  languages: readonly Language[];
  currentCulture: string;
}

export interface LanguageContext {
  languages: readonly Language[];
  culture: string;
  /** The culture being switched to (kept after a failure, for retry). */
  pending: string | null;
  error: 'switchFailed' | null;
}

export type LanguageEvent =
  | { type: 'language.select'; cultureName: string }
  | { type: 'language.retry' }
  | { type: 'language.dismiss' }
  | { type: 'language.offered'; languages: readonly Language[]; currentCulture: string };

export type LanguageEmitted = { type: 'language.changed'; cultureName: string; direction: Direction } | { type: 'themeStylesReload' };

const rightToLeftLanguages = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'dv', 'yi', 'ckb', 'sd', 'ug']);

/** isRTL is derived from the culture (spec 3 Language): 'ar', 'ar-EG', 'ar_lb' are right-to-left. */
export function directionOf(cultureName: string): Direction {
  return rightToLeftLanguages.has(cultureName.split(/[-_]/)[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

export const languageMachine = setup({
  types: {
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
    input: {} as LanguageInput,
    emitted: {} as LanguageEmitted,
  },
  actors: {
    loadTexts: fromPromise<void, { cultureName: string }>(notProvided('loadTexts')),
    setLanguage: fromPromise<void, { cultureName: string }>(notProvided('setLanguage')),
  },
  guards: {
    isOtherLanguage: ({ context }, cultureName: string) =>
      cultureName !== context.culture && context.languages.some((language) => language.cultureName === cultureName),
  },
  actions: {
    commitLanguage: enqueueActions(({ context, enqueue }) => {
      const next = context.pending as string;
      const direction = directionOf(next);
      enqueue.assign({ culture: next, pending: null });
      enqueue.emit({ type: 'language.changed', cultureName: next, direction });
      if (direction !== directionOf(context.culture)) enqueue.emit({ type: 'themeStylesReload' });
    }),
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ languages: input.languages, culture: input.currentCulture, pending: null, error: null }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'language.offered': {
          actions: assign({ languages: ({ event }) => event.languages, culture: ({ event }) => event.currentCulture }),
        },
        'language.select': {
          guard: { type: 'isOtherLanguage', params: ({ event }) => event.cultureName },
          target: 'loadingTexts',
          actions: assign({ pending: ({ event }) => event.cultureName }),
        },
      },
    },
    loadingTexts: {
      invoke: {
        id: 'loadTexts',
        src: 'loadTexts',
        input: ({ context }) => ({ cultureName: context.pending as string }),
        onDone: { target: 'settingLanguage' },
        onError: { target: 'failed', actions: assign({ error: 'switchFailed' }) },
      },
    },
    settingLanguage: {
      invoke: {
        id: 'setLanguage',
        src: 'setLanguage',
        input: ({ context }) => ({ cultureName: context.pending as string }),
        onDone: {
          target: 'ready',
          actions: 'commitLanguage',
        },
        onError: { target: 'failed', actions: assign({ error: 'switchFailed' }) },
      },
    },
    failed: {
      on: {
        'language.retry': { target: 'loadingTexts', actions: assign({ error: null }) },
        'language.select': {
          guard: { type: 'isOtherLanguage', params: ({ event }) => event.cultureName },
          target: 'loadingTexts',
          actions: assign({ pending: ({ event }) => event.cultureName, error: null }),
        },
        'language.dismiss': { target: 'ready', actions: assign({ pending: null, error: null }) },
      },
    },
  },
});

export type LanguageMachine = typeof languageMachine;

/** The view model of the settings panel's Language group. */
export function selectLanguage(snapshot: SnapshotFrom<LanguageMachine>) {
  const { languages, culture, pending, error } = snapshot.context;
  return {
    culture,
    direction: directionOf(culture),
    languages: languages.map((language) => ({
      ...language,
      isRTL: directionOf(language.cultureName) === 'rtl',
      selected: language.cultureName === culture,
    })),
    pending,
    isBusy: snapshot.matches('loadingTexts') || snapshot.matches('settingLanguage'),
    error,
    canRetry: snapshot.matches('failed'),
  };
}
