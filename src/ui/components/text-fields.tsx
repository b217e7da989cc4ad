// Text, number and search fields on react-aria. Rules: always a visible label (its accessible name);
// invalid state comes from props (`isInvalid` + `errorMessage`, the machine validates) or native
// constraints; the search field's clear button has a name from props and hides when empty.
import {
  Button as AriaButton,
  Input,
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
  TextArea,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { button } from './button.css.ts';
import * as styles from './field.css.ts';
import { FieldHelp, FieldLabel, type FieldTexts } from './field-parts.tsx';
import { Icon } from './icon.tsx';

export type TextFieldProps = Omit<AriaTextFieldProps, 'className' | 'style' | 'children'> &
  FieldTexts & {
    placeholder?: string;
    multiline?: boolean;
    rows?: number;
    className?: string;
    /** The direction of what is typed, when it is not the page's (code, addresses): 'ltr' in an Arabic page. */
    inputDir?: 'ltr' | 'rtl';
  };

export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  multiline,
  rows,
  className,
  inputDir,
  ...rest
}: TextFieldProps) {
  return (
    <AriaTextField {...rest} className={[styles.field, className ?? ''].join(' ')}>
      <FieldLabel label={label} isRequired={rest.isRequired} />
      {multiline ? (
        <TextArea className={styles.input} placeholder={placeholder} rows={rows ?? 3} dir={inputDir} />
      ) : (
        <Input className={styles.input} placeholder={placeholder} dir={inputDir} />
      )}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}

export type NumberFieldProps = Omit<AriaNumberFieldProps, 'className' | 'style' | 'children'> &
  FieldTexts & { placeholder?: string; className?: string };

/** Stepper buttons are left out on purpose: arrow keys step, and the field stays one tab stop. */
export function NumberField({ label, description, errorMessage, placeholder, className, ...rest }: NumberFieldProps) {
  return (
    <AriaNumberField {...rest} className={[styles.field, className ?? ''].join(' ')}>
      <FieldLabel label={label} isRequired={rest.isRequired} />
      <Input className={styles.input} placeholder={placeholder} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}

export type SearchFieldProps = Omit<AriaSearchFieldProps, 'className' | 'style' | 'children'> &
  FieldTexts & { placeholder?: string; clearLabel: string; hideLabel?: boolean; className?: string };

export function SearchField({
  label,
  description,
  errorMessage,
  placeholder,
  clearLabel,
  hideLabel,
  className,
  ...rest
}: SearchFieldProps) {
  return (
    <AriaSearchField {...rest} className={[styles.field, className ?? ''].join(' ')}>
      {hideLabel ? (
        <span className="visually-hidden">
          <FieldLabel label={label} />
        </span>
      ) : (
        <FieldLabel label={label} isRequired={rest.isRequired} />
      )}
      <div className={styles.searchBox}>
        <span className={styles.searchIcon}>
          <Icon name="search" size={16} />
        </span>
        <Input className={`${styles.input} ${styles.searchInput}`} placeholder={placeholder} />
        <AriaButton aria-label={clearLabel} className={`${button({ variant: 'icon', size: 'sm' })} ${styles.searchClear}`}>
          <Icon name="x" size={16} />
        </AriaButton>
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaSearchField>
  );
}
