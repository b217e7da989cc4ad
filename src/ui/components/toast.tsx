// The toast region on react-aria: a named landmark (F6 reaches it), each toast an alertdialog with a
// close button. Rules: live-region politeness by kind (toastPoliteness); texts (region name, close
// label) come from props.
import {
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  Button,
  Text,
  type UNSTABLE_ToastQueue as ToastQueue,
} from 'react-aria-components';
import { button } from './button.css.ts';
import { Icon } from './icon.tsx';
import type { IconName } from './icon-paths.ts';
import * as styles from './toast.css.ts';
import { type ToastContent, type ToastKind, toastPoliteness, toasts } from './toast-queue.ts';

const icons: Record<ToastKind, IconName> = { success: 'check-circle', error: 'alert-circle', warning: 'alert-triangle', info: 'info' };

export type ToastRegionProps = { 'aria-label': string; closeLabel: string; queue?: ToastQueue<ToastContent> };

export function ToastRegion({ 'aria-label': label, closeLabel, queue = toasts }: ToastRegionProps) {
  return (
    <AriaToastRegion queue={queue} aria-label={label} className={styles.region}>
      {({ toast }) => {
        const { kind, title, description } = toast.content;
        const polite = toastPoliteness(kind) === 'polite';
        return (
          <AriaToast toast={toast} className={`${styles.toast} ${styles.toastKind[kind]}`}>
            <span className={styles.toastIcon[kind]}>
              <Icon name={icons[kind]} size={20} />
            </span>
            {/* react-aria makes the content role=alert; success and info are downgraded to a polite status. */}
            <AriaToastContent className={styles.toastContent} {...(polite ? { role: 'status', 'aria-live': 'polite' as const } : {})}>
              <Text slot="title" className={styles.toastTitle}>
                {title}
              </Text>
              {description && (
                <Text slot="description" className={styles.toastDescription}>
                  {description}
                </Text>
              )}
            </AriaToastContent>
            <Button slot="close" aria-label={closeLabel} className={button({ variant: 'icon', size: 'sm' })}>
              <Icon name="x" size={16} />
            </Button>
          </AriaToast>
        );
      }}
    </AriaToastRegion>
  );
}
