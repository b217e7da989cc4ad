// The test model of the theme machine: a saved choice, none, or unreadable storage; each OS scheme;
// and configurations with System disabled and without a dark system style (spec 8's error).
import type { MachineModel } from '../testing/model-paths.ts';
import { done, describeEvent, failed } from './model-events.ts';
import { defaultThemeStyles, type ThemeEvent, themeMachine } from './theme.machine.ts';

const choices: ThemeEvent[] = [
  { type: 'theme.select', style: 'system' },
  { type: 'theme.select', style: 'dim' },
  { type: 'os.schemeChanged', scheme: 'dark' },
  { type: 'os.schemeChanged', scheme: 'light' },
];

export const themeModel: MachineModel<typeof themeMachine> = {
  machine: themeMachine,
  scenarios: [
    { name: 'default styles', input: {} },
    { name: 'System disabled', input: { isSystemEnabled: false } },
    {
      name: 'no dark system style',
      input: { styles: defaultThemeStyles.map((style) => (style.styleName === 'dark' ? { ...style, systemKey: undefined } : style)) },
    },
  ],
  events: [
    done('loadTheme', 'dark'),
    done('loadTheme', null),
    failed('loadTheme'),
    done('saveTheme', undefined),
    failed('saveTheme'),
    ...choices,
  ],
  describeEvent,
};
