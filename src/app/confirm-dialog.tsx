// The 'Are you sure?' dialog (spec 8) on src/ui's ConfirmDialog (react-aria alertdialog: focus
// trapped and restored, Cancel first), in its own chunk: it loads when a confirmation is asked for.
// Render-only: the message comes from the shell machine, the answer goes back to it.
import { ConfirmDialog } from '../ui/index.ts';
import type { Translate } from './shell-view.ts';

export default function ConfirmDialogHost(props: { t: Translate; message: string; onAnswer(yes: boolean): void }) {
  const { t, message, onAnswer } = props;
  return (
    <ConfirmDialog
      isOpen
      title={t('confirm.title')}
      message={message}
      confirmLabel={t('confirm.yes')}
      cancelLabel={t('confirm.cancel')}
      onConfirm={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
    />
  );
}
