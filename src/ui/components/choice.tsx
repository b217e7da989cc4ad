// Checkbox, Switch and RadioGroup on react-aria (native inputs underneath, so forms and screen
// readers behave). Rules: the visible text is the accessible name; groups have a visible label.
import { type ReactNode, useId } from 'react';
import {
  Checkbox as AriaCheckbox,
  type CheckboxProps as AriaCheckboxProps,
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  Switch as AriaSwitch,
  type SwitchProps as AriaSwitchProps,
} from 'react-aria-components';
import * as styles from './choice.css.ts';
import { FieldHelp, FieldLabel, type FieldTexts } from './field-parts.tsx';
import { Icon } from './icon.tsx';

export type CheckboxProps = Omit<AriaCheckboxProps, 'className' | 'style' | 'children'> & {
  children: ReactNode;
  /** What checking it does, under the label (aligned with its text) and as the box's description. */
  description?: string;
};

export function Checkbox({ children, description, ...rest }: CheckboxProps) {
  const descriptionId = useId();
  const box = (
    <AriaCheckbox {...rest} {...(description ? { 'aria-describedby': descriptionId } : {})} className={styles.choice}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className={styles.box}>
            {isIndeterminate ? <Icon name="minus" size={14} /> : isSelected ? <Icon name="check" size={14} /> : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
  if (!description) return box;
  return (
    <div className={styles.described}>
      {box}
      <p id={descriptionId} className={styles.choiceDescription}>
        {description}
      </p>
    </div>
  );
}

export type SwitchProps = Omit<AriaSwitchProps, 'className' | 'style' | 'children'> & { children: ReactNode };

export function Switch({ children, ...rest }: SwitchProps) {
  return (
    <AriaSwitch {...rest} className={styles.choice}>
      <span className={styles.track}>
        <span className={styles.thumb} />
      </span>
      {children}
    </AriaSwitch>
  );
}

export type RadioOption = { id: string; label: ReactNode; isDisabled?: boolean };

export type RadioGroupProps = Omit<AriaRadioGroupProps, 'className' | 'style' | 'children'> &
  FieldTexts & { options: readonly RadioOption[] };

export function RadioGroup({ label, description, errorMessage, options, ...rest }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...rest} className={styles.group}>
      <FieldLabel label={label} isRequired={rest.isRequired} />
      <div className={[styles.groupItems, rest.orientation === 'horizontal' ? styles.groupItemsRow : ''].join(' ')}>
        {options.map((option) => (
          <AriaRadio key={option.id} value={option.id} isDisabled={option.isDisabled} className={styles.choice}>
            <span className={styles.radio}>
              <span className={styles.radioDot} />
            </span>
            {option.label}
          </AriaRadio>
        ))}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaRadioGroup>
  );
}
