// Reference of the language selector, written from spec 2.3 (the settings panel's Language group),
// spec 3 Language (languages from the configuration; isRTL derived from the culture), spec 4.3
// (switching the direction reloads the theme styles) and spec 7.1 (the culture is sent with every
// request). Choosing another language loads its texts, then makes it the requests' culture; only
// then is it current, so a failure changes nothing (with retry, another choice, or dismiss);
// re-choosing the current language does nothing. The configuration, each time it loads, offers the
// languages the host or tenant has enabled (language management, issue 19) with the culture the
// server answered in: they replace the offered ones while no switch is under way. Plain code: it
// does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

interface Language {
  cultureName: string;
  displayName: string;
  flagIcon?: string;
}

export interface LanguageExpectedView {
  culture: string;
  direction: 'ltr' | 'rtl';
  languages: Array<Language & { isRTL: boolean; selected: boolean }>;
  pending: string | null;
  isBusy: boolean;
  error: 'switchFailed' | null;
  canRetry: boolean;
}

/** Right-to-left scripts' languages (Arabic, Persian, Hebrew, Urdu, Pashto, Dhivehi, Yiddish, Sorani, Sindhi, Uyghur). */
const rtl = ['ar', 'fa', 'he', 'ur', 'ps', 'dv', 'yi', 'ckb', 'sd', 'ug'];
const directionOf = (culture: string): 'ltr' | 'rtl' => (rtl.includes(culture.split(/[-_]/)[0]!.toLowerCase()) ? 'rtl' : 'ltr');

export const languageRules: RuleBook = {
  source: 'spec 2.3 (Language group), 3 (Language, isRTL), 4.3 (direction reloads styles), 7.1 (culture of requests)',
  rules: {
    select: { state: 'ready', text: 'Choosing another offered language loads its texts first; busy, the current language unchanged.' },
    texts: { state: 'loadingTexts', text: 'Texts loaded: the language becomes the culture of later requests.' },
    textsFailed: { state: 'loadingTexts', text: 'The texts cannot be loaded: nothing changes; retry or dismiss offered.' },
    changed: {
      state: 'settingLanguage',
      text: 'Then it is current: the page is told its culture and direction, and the theme styles reload when the direction changed.',
    },
    setFailed: { state: 'settingLanguage', text: 'It cannot be set: nothing changes; retry or dismiss offered.' },
    retry: { state: 'failed', text: 'Retry starts the same switch again.' },
    other: { state: 'failed', text: 'Choosing another language starts that switch instead.' },
    dismiss: { state: 'failed', text: 'Dismiss forgets the switch; the current language stays.' },
    offered: {
      state: 'ready',
      text: "The configuration's enabled languages replace the offered ones, and its culture becomes the current one.",
    },
  },
};

export function languageReference(rawInput: unknown): ReferenceRun<LanguageExpectedView> {
  const input = rawInput as { languages: Language[]; currentCulture: string };
  const recorder = new Recorder();
  let culture = input.currentCulture;
  let offered = input.languages;
  let pending: string | null = null;
  let error: 'switchFailed' | null = null;
  let phase: 'ready' | 'loadingTexts' | 'settingLanguage' | 'failed' = 'ready';
  const isOther = (name: unknown) => name !== culture && offered.some((language) => language.cultureName === name);
  const load = () => {
    phase = 'loadingTexts';
    error = null;
    recorder.call('loadTexts', { cultureName: pending });
  };
  const fail = (rule: string) => {
    recorder.rule(rule);
    phase = 'failed';
    error = 'switchFailed';
  };
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({
      culture,
      direction: directionOf(culture),
      languages: offered.map((language) => ({
        ...language,
        isRTL: directionOf(language.cultureName) === 'rtl',
        selected: language.cultureName === culture,
      })),
      pending,
      isBusy: phase === 'loadingTexts' || phase === 'settingLanguage',
      error,
      canRetry: phase === 'failed',
    }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; cultureName?: string; languages?: Language[]; currentCulture?: string };
      if (phase === 'ready' && e.type === 'language.offered') {
        recorder.rule('offered');
        offered = e.languages ?? offered;
        culture = e.currentCulture ?? culture;
      } else if ((phase === 'ready' || phase === 'failed') && e.type === 'language.select' && isOther(e.cultureName)) {
        recorder.rule(phase === 'ready' ? 'select' : 'other');
        pending = e.cultureName ?? null;
        load();
      } else if (phase === 'loadingTexts' && e.type === 'done' && e.actor === 'loadTexts') {
        recorder.rule('texts');
        phase = 'settingLanguage';
        recorder.call('setLanguage', { cultureName: pending });
      } else if (phase === 'loadingTexts' && e.type === 'error' && e.actor === 'loadTexts') fail('textsFailed');
      else if (phase === 'settingLanguage' && e.type === 'done' && e.actor === 'setLanguage') {
        recorder.rule('changed');
        const before = directionOf(culture);
        culture = pending ?? culture;
        pending = null;
        phase = 'ready';
        recorder.emit({ type: 'language.changed', cultureName: culture, direction: directionOf(culture) });
        if (directionOf(culture) !== before) recorder.emit({ type: 'themeStylesReload' });
      } else if (phase === 'settingLanguage' && e.type === 'error' && e.actor === 'setLanguage') fail('setFailed');
      else if (phase === 'failed' && e.type === 'language.retry') {
        recorder.rule('retry');
        load();
      } else if (phase === 'failed' && e.type === 'language.dismiss') {
        recorder.rule('dismiss');
        phase = 'ready';
        pending = null;
        error = null;
      }
    },
  };
}
