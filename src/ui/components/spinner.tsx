// A spinner. Rules: with a label it is an indeterminate progress bar (announced with that name);
// without one it is decoration beside text that already says what is happening.
import { ProgressBar } from 'react-aria-components';
import * as styles from './states.css.ts';

export type SpinnerProps = { label?: string; size?: 'sm' | 'md' | 'lg' };

export function Spinner({ label, size = 'md' }: SpinnerProps) {
  const circle = <span className={`${styles.spinner} ${styles.spinnerSize[size]}`} aria-hidden="true" />;
  if (!label) return circle;
  return (
    <ProgressBar isIndeterminate aria-label={label}>
      {circle}
    </ProgressBar>
  );
}
