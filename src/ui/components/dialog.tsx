// Modal dialogs on react-aria: focus is trapped inside while open and returns to the element that
// opened it on close; Escape closes unless the dialog is busy. Rules: open state belongs to the
// caller (a machine), so Modal is controlled (isOpen + onOpenChange); the title names the dialog;
// below md (a phone) a modal fills the screen whatever its size (overlay.css.ts).
import type { ReactNode } from 'react';
import { Dialog, DialogTrigger, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { Button, IconButton } from './button.tsx';
import { Icon } from './icon.tsx';
import * as styles from './overlay.css.ts';

export { DialogTrigger };

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl';

export type ModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: ModalSize;
  /** 'full': as tall as the screen allows whatever the content, so switching tabs inside does not resize it. */
  height?: 'content' | 'full';
  /** Name of the close (x) button; without it there is no x button (footer must close). */
  closeLabel?: string;
  /** Click outside closes; off by default so a half-filled form is not lost. */
  isDismissable?: boolean;
  /** While busy (saving) Escape and outside clicks do nothing. */
  isBusy?: boolean;
  role?: 'dialog' | 'alertdialog';
};

export function Modal({
  isOpen,
  onOpenChange,
  title,
  children,
  footer,
  size = 'md',
  height = 'content',
  closeLabel,
  isDismissable,
  isBusy,
  role,
}: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable && !isBusy}
      isKeyboardDismissDisabled={isBusy}
      className={styles.modalOverlay}
    >
      <AriaModal className={`${styles.modal} ${styles.modalSize[size]}`}>
        <Dialog
          role={role}
          className={height === 'full' ? `${styles.dialog} ${styles.dialogFullHeight}` : styles.dialog}
          aria-busy={isBusy || undefined}
        >
          <div className={styles.dialogHeader}>
            <Heading slot="title" className={styles.dialogTitle}>
              {title}
            </Heading>
            {closeLabel && <IconButton icon="x" aria-label={closeLabel} isDisabled={isBusy} onPress={() => onOpenChange(false)} />}
          </div>
          <div className={styles.dialogBody}>{children}</div>
          {footer && <div className={styles.dialogFooter}>{footer}</div>}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

export type ConfirmDialogProps = {
  isOpen: boolean;
  /** 'Are you sure?' (localized by the caller). */
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Destructive actions get the danger button. */
  tone?: 'danger' | 'primary';
  isPending?: boolean;
};

/** The warning before a destructive action: an alertdialog, Cancel first so Enter does no harm. */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  tone = 'danger',
  isPending,
}: ConfirmDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={title}
      size="sm"
      role="alertdialog"
      isBusy={isPending}
      footer={
        <>
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} onPress={onConfirm} isPending={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className={styles.confirmBody}>
        <span className={styles.confirmIcon}>
          <Icon name="alert-triangle" size={22} />
        </span>
        <div>{message}</div>
      </div>
    </Modal>
  );
}
