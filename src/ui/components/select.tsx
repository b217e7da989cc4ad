// A single-choice select on react-aria (button + listbox popup, typeahead, keyboard). Rules: the
// visible label names it; options are plain data {id, label}; the value is controlled by the caller.
import type { Key } from 'react-aria-components';
import {
  Button,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  SelectValue,
} from 'react-aria-components';
import * as styles from './field.css.ts';
import { FieldHelp, FieldLabel, type FieldTexts } from './field-parts.tsx';
import { Icon } from './icon.tsx';
import * as overlay from './overlay.css.ts';

export type SelectOption = { id: Key; label: string; isDisabled?: boolean };

export type SelectProps = Omit<AriaSelectProps<SelectOption>, 'className' | 'style' | 'children' | 'items'> &
  FieldTexts & { options: readonly SelectOption[]; className?: string };

export function Select({ label, description, errorMessage, options, className, ...rest }: SelectProps) {
  const disabledKeys = options.filter((o) => o.isDisabled).map((o) => o.id);
  return (
    <AriaSelect {...rest} disabledKeys={disabledKeys} className={[styles.field, className ?? ''].join(' ')}>
      <FieldLabel label={label} isRequired={rest.isRequired} />
      <Button className={styles.selectButton}>
        <SelectValue className={styles.selectValue} />
        <Icon name="chevron-down" size={16} />
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={overlay.popover}>
        <ListBox className={styles.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.label} className={styles.option}>
              <Icon name="check" size={16} className={styles.optionCheck} />
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
