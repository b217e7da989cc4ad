// The result of a bulk action (issue 9): how many rows were done and skipped, and each failed row
// with its name and the server's reason. Render-only over the listSelection machine's report.
import type { BulkReport } from '../../../machines/generic/list-selection.machine.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import { Button, Modal } from '../../ui/index.ts';
import type { KitTextKey } from './kit-texts.ts';
import * as styles from './kit.css.ts';

export function BulkReportDialog({ report, t, onClose }: { report: BulkReport | null; t: AreaTranslate<KitTextKey>; onClose: () => void }) {
  return (
    <Modal
      isOpen={report !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('bulkReport')}
      closeLabel={t('close')}
      footer={<Button onPress={onClose}>{t('close')}</Button>}
    >
      {report && (
        <>
          <ul className={styles.reportList}>
            <li>{t('bulkDone', report.done)}</li>
            <li>{t('bulkSkipped', report.skipped)}</li>
            <li>{t('bulkFailed', report.failed.length)}</li>
          </ul>
          {report.failed.length > 0 && (
            <section aria-label={t('bulkFailedRows')}>
              <h3>{t('bulkFailedRows')}</h3>
              <ul className={styles.reportList}>
                {report.failed.map((failure) => (
                  <li key={failure.id}>
                    <strong>{failure.userName ?? failure.id}</strong>: {failure.reason}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </Modal>
  );
}
