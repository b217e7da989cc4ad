// A spinner. Rules: with a label it is an indeterminate progress bar (announced with that name);
// without one it is decoration beside text that already says what is happening. ProgressBar is the
// determinate sibling; its fill width is set through the style property (CSSOM, allowed by the CSP).
import { ProgressBar as AriaProgressBar, Label } from 'react-aria-components';
import * as styles from './states.css.ts';

export type SpinnerProps = { label?: string; size?: 'sm' | 'md' | 'lg' };

export function Spinner({ label, size = 'md' }: SpinnerProps) {
  const circle = <span className={`${styles.spinner} ${styles.spinnerSize[size]}`} aria-hidden="true" />;
  if (!label) return circle;
  return (
    <AriaProgressBar isIndeterminate aria-label={label}>
      {circle}
    </AriaProgressBar>
  );
}

export type ProgressBarProps = { label: string; value: number; minValue?: number; maxValue?: number; valueLabel?: string };

/** Progress of long work (exports, imports): a named progressbar with its percentage shown. */
export function ProgressBar({ label, value, minValue = 0, maxValue = 100, valueLabel }: ProgressBarProps) {
  return (
    <AriaProgressBar value={value} minValue={minValue} maxValue={maxValue} valueLabel={valueLabel} className={styles.progress}>
      {({ percentage, valueText }) => (
        <>
          <span className={styles.progressLabel}>
            <Label>{label}</Label>
            <span>{valueText}</span>
          </span>
          <span className={styles.progressTrack}>
            <span className={styles.progressFill} style={{ inlineSize: `${percentage ?? 0}%` }} />
          </span>
        </>
      )}
    </AriaProgressBar>
  );
}
