// Loading, empty and error panels (quality bar: every list has all three). Rules: loading is a
// polite status, an error is an alert with a retry button; every text is a prop (i18n outside).
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Icon } from './icon.tsx';
import type { IconName } from './icon-paths.ts';
import { Spinner } from './spinner.tsx';
import * as styles from './states.css.ts';

export function LoadingState({ label }: { label: string }) {
  return (
    <div className={styles.panel} role="status">
      <Spinner size="lg" />
      <p className={styles.panelText}>{label}</p>
    </div>
  );
}

export type EmptyStateProps = { title: string; description?: ReactNode; icon?: IconName; action?: ReactNode };

export function EmptyState({ title, description, icon = 'inbox', action }: EmptyStateProps) {
  return (
    <div className={styles.panel}>
      <Icon name={icon} size={32} className={styles.panelIcon} />
      <p className={styles.panelTitle}>{title}</p>
      {description && <p className={styles.panelText}>{description}</p>}
      {action && <div className={styles.panelActions}>{action}</div>}
    </div>
  );
}

export type ErrorStateProps = { title: string; message?: ReactNode; retryLabel?: string; onRetry?: () => void; isRetrying?: boolean };

export function ErrorState({ title, message, retryLabel, onRetry, isRetrying }: ErrorStateProps) {
  return (
    <div className={styles.panel}>
      <Icon name="alert-circle" size={32} className={styles.errorIcon} />
      <div role="alert">
        <p className={styles.panelTitle}>{title}</p>
        {message && <p className={styles.panelText}>{message}</p>}
      </div>
      {onRetry && retryLabel && (
        <div className={styles.panelActions}>
          <Button variant="secondary" onPress={onRetry} isPending={isRetrying}>
            {retryLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
