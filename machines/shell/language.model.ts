// The test model of the language machine: the server's languages (English, Arabic, French), a
// switch within a direction and across it, each actor succeeding and failing, retry and dismiss, and
// the configuration offering other languages (language management).
import type { MachineModel } from '../testing/model-paths.ts';
import { type Language, type LanguageEvent, languageMachine } from './language.machine.ts';
import { describeEvent, done, failed } from './model-events.ts';

export const languages: Language[] = [
  { cultureName: 'en', displayName: 'English' },
  { cultureName: 'ar', displayName: 'العربية' },
  { cultureName: 'fr', displayName: 'Français' },
];

const choices: LanguageEvent[] = [
  { type: 'language.select', cultureName: 'ar' },
  { type: 'language.select', cultureName: 'fr' },
  // The configuration loaded again: the tenant offers English and Armenian, the server answered in Armenian.
  {
    type: 'language.offered',
    languages: [
      { cultureName: 'en', displayName: 'English' },
      { cultureName: 'hy', displayName: 'Հայերեն' },
    ],
    currentCulture: 'hy',
  },
];

export const languageModel: MachineModel<typeof languageMachine> = {
  machine: languageMachine,
  scenarios: [{ name: 'English', input: { languages, currentCulture: 'en' } }],
  events: [done('loadTexts', undefined), failed('loadTexts'), done('setLanguage', undefined), failed('setLanguage'), ...choices],
  describeEvent,
};
