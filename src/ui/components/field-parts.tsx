// The label / description / error trio every field shows. Rules: the error text is react-aria's
// FieldError (linked by aria-describedby and shown only when invalid); texts come from props.
import { FieldError, Label, Text } from 'react-aria-components';
import * as styles from './field.css.ts';

export type FieldTexts = { label: string; description?: string; errorMessage?: string; isRequired?: boolean };

export function FieldLabel({ label, isRequired }: Pick<FieldTexts, 'label' | 'isRequired'>) {
  return (
    <Label className={styles.label}>
      {label}
      {isRequired && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
    </Label>
  );
}

export function FieldHelp({ description, errorMessage }: Pick<FieldTexts, 'description' | 'errorMessage'>) {
  return (
    <>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>{errorMessage}</FieldError>
    </>
  );
}
