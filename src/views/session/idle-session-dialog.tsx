// The idle sign-out warning (spec 4.6): an alertdialog over the page, focus on 'Stay signed in'.
// Rules: it only renders the idle machine (open, seconds left, paused) and sends its answers;
// Escape counts as 'Stay signed in' (the user is evidently there). The visible countdown changes
// every second but is not live; a polite live region announces it every 10 seconds and each of the
// last 5, so a screen reader is told without being flooded.
import { useSelector } from '@xstate/react';
import { selectIdleSession } from '../../../machines/session/idle-session.machine.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { useSystem } from '../../app/system-context.ts';
import { Button, Modal } from '../../ui/index.ts';
import { countdown, visuallyHidden } from './idle-session.css.ts';
import { idleSessionTexts } from './idle-session-texts.ts';
import { shouldAnnounce } from './idle-session-view.ts';

export default function IdleSessionDialog() {
  const { idleSession } = useSystem();
  const t = useAreaTexts(idleSessionTexts);
  const view = useSelector(
    idleSession,
    selectIdleSession,
    (a, b) => a.isWarningOpen === b.isWarningOpen && a.remaining === b.remaining && a.isPaused === b.isPaused,
  );
  const countdownSeconds = useSelector(idleSession, (snapshot) => snapshot.context.countdownSeconds);
  const stay = () => idleSession.send({ type: 'idle.stay' });
  return (
    <Modal
      isOpen={view.isWarningOpen}
      onOpenChange={(open) => {
        if (!open) stay();
      }}
      title={t('title')}
      size="sm"
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onPress={() => idleSession.send({ type: 'idle.signOut' })}>
            {t('signOut')}
          </Button>
          <Button variant="primary" onPress={stay} autoFocus>
            {t('stay')}
          </Button>
        </>
      }
    >
      <p aria-hidden="true" className={countdown}>
        {view.remaining}
      </p>
      <p aria-hidden="true">{t('message', view.remaining)}</p>
      <p className={visuallyHidden} aria-live="polite" aria-atomic="true">
        {shouldAnnounce(view.remaining, countdownSeconds) ? t('message', view.remaining) : ''}
      </p>
      {view.isPaused && <p>{t('paused')}</p>}
    </Modal>
  );
}
