// The settings panel of the toolbar (spec 2.3): Appearance, Container width, Menu layout as the
// design system's radio groups and the language as its select. Render-only; the layout loads this
// file when the panel first opens, so the first page does not carry the design system's controls.
// Escape closes the panel (an open language list closes first: its popover stops the key).
import { RadioGroup, Select } from '../../ui/index.ts';
import type { Choice, PointerHandlers, SettingsProps } from './toolbar-view.tsx';
import * as styles from './settings-panel.css.ts';

const options = (choices: ReadonlyArray<Choice<string>>) => choices.map((choice) => ({ id: choice.value, label: choice.label }));

export default function SettingsPanelView(props: SettingsProps & { id?: string; pointer?: PointerHandlers }) {
  const { t } = props;
  return (
    <section
      id={props.id ?? 'settings-panel'}
      className={`panel settings-panel ${styles.panel}`}
      aria-label={t('shell.settings')}
      onKeyDown={(event) => event.key === 'Escape' && props.onClose()}
      {...props.pointer}
    >
      <RadioGroup label={t('shell.appearance')} options={options(props.themes)} value={props.theme} onChange={props.onTheme} />
      {props.themeError && (
        <p role="alert" className="error">
          {props.themeError}
        </p>
      )}
      <RadioGroup label={t('shell.containerWidth')} options={options(props.widths)} value={props.width} onChange={props.onWidth} />
      <RadioGroup
        label={t('shell.menuLayout')}
        options={options(props.menuLayouts)}
        value={props.menuLayout}
        onChange={props.onMenuLayout}
      />
      <Select
        label={t('shell.language')}
        options={options(props.languages)}
        selectedKey={props.language}
        onSelectionChange={(key) => key !== null && props.onLanguage(String(key))}
      />
    </section>
  );
}
