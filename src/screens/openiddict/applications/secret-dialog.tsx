// The client secret the server answered once (after a create, an update that set one, or 'New client
// secret'), shown in a dialog with Copy. Closing it forgets the secret: nothing keeps it.
import { Button, clusterClass, LtrBlock, Modal, showToast, stackClass } from '../../../ui/index.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import type { openIddictTexts } from '../openiddict-texts.ts';

export interface ShownSecret {
  clientId: string;
  secret: string;
}

type Key = Parameters<ReturnType<typeof openIddictTexts>>[0];

export function SecretDialog({ shown, onClose, t }: { shown: ShownSecret | null; onClose: () => void; t: AreaTranslate<Key> }) {
  return (
    <Modal
      isOpen={shown !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('secretTitle', shown?.clientId ?? '')}
      role="alertdialog"
      footer={
        <div className={clusterClass}>
          <Button
            variant="secondary"
            onPress={() => {
              void navigator.clipboard
                ?.writeText(shown?.secret ?? '')
                .then(() => showToast({ kind: 'info', title: t('copied') }))
                .catch(() => {});
            }}
          >
            {t('copy')}
          </Button>
          <Button onPress={onClose}>{t('close')}</Button>
        </div>
      }
    >
      <div className={stackClass}>
        <p>{t('secretIntro')}</p>
        <p>{t('clientSecret')}</p>
        <div data-testid="client-secret">
          <LtrBlock>{shown?.secret ?? ''}</LtrBlock>
        </div>
      </div>
    </Modal>
  );
}
