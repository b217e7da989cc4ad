// Import users from Excel or CSV (spec 7.13; issue 9), render-only over a fileImport actor beside
// the users list: the sample files (a download token, then the file as a browser navigation, through
// the kit's Export menu), the file input (the format from its extension), the report of created and
// failed rows, and the link to the invalid rows' file (its token comes with the report).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  fileImportMachine,
  type ImportReport,
  selectFileImport,
  type UploadInput,
} from '../../../../machines/generic/file-import.machine.ts';
import { ImportUsersFromFileType } from '../../../../contract/identity-users.ts';
import { getDownloadToken, importUsersFromFile, userFileUrl } from '../../../api/identity-users.ts';
import type { Http } from '../../../api/http.ts';
import { inspectOptions } from '../../../app/inspection.ts';
import { shallowEqual } from '../../../app/shell-view.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Button, LoadingState, Modal } from '../../../ui/index.ts';
import { ExportMenu } from '../../../views/kit/export-menu.tsx';
import type { KitTextKey } from '../../../views/kit/kit-texts.ts';
import type { ExportSpec } from '../../../views/kit/resource-spec.ts';
import type { UsersKey } from './users-rules.ts';

export function fileTypeOf(fileName: string): ImportUsersFromFileType {
  return fileName.toLowerCase().endsWith('.csv') ? ImportUsersFromFileType.Csv : ImportUsersFromFileType.Excel;
}

const sampleSpec: ExportSpec = {
  resource: 'usersImportSample',
  formats: ['xlsx', 'csv'],
  request: async (http, { format }, signal) => {
    const token = await getDownloadToken(http, signal);
    const fileType = format === 'csv' ? ImportUsersFromFileType.Csv : ImportUsersFromFileType.Excel;
    return { kind: 'link', url: userFileUrl('import-users-sample-file', { fileType, token }), fileName: `ImportUsersSampleFile.${format}` };
  },
};

export function UsersImport({
  http,
  t,
  kit,
  onImported,
}: {
  http: Http;
  t: AreaTranslate<UsersKey>;
  kit: AreaTranslate<KitTextKey>;
  onImported: () => void;
}) {
  const logic = useMemo(
    () =>
      fileImportMachine.provide({
        actors: {
          uploadFile: fromPromise<ImportReport, UploadInput>(async ({ input, signal }) => {
            const output = await importUsersFromFile(http, input.file as File, input.fileType as ImportUsersFromFileType, signal);
            return {
              total: output.allCount,
              created: output.succeededCount,
              failed: output.failedCount,
              invalidRowsToken: output.invalidUsersDownloadToken,
            };
          }),
        },
      }),
    [http],
  );
  const actor = useActorRef(logic, inspectOptions());
  const view = useSelector(actor, selectFileImport, shallowEqual);
  useEffect(() => {
    const subscription = actor.on('list.refresh', onImported);
    return () => subscription.unsubscribe();
  }, [actor, onImported]);

  return (
    <>
      <Button variant="secondary" onPress={() => actor.send({ type: 'import.open' })}>
        {t('import')}
      </Button>
      <Modal
        isOpen={view.isOpen}
        onOpenChange={(open) => {
          if (!open) actor.send({ type: 'import.close' });
        }}
        title={t('importTitle')}
        size="lg"
        closeLabel={kit('close')}
        isBusy={view.phase === 'uploading'}
        footer={
          <Button isDisabled={view.phase === 'uploading'} onPress={() => actor.send({ type: 'import.close' })}>
            {kit('close')}
          </Button>
        }
      >
        <p>{t('importSampleIntro')}</p>
        <ExportMenu spec={sampleSpec} filters={{}} http={http} t={kit} label={t('importSample')} />
        <label>
          {t('importChoose')}{' '}
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={!view.canUpload}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) actor.send({ type: 'import.upload', file, fileType: fileTypeOf(file.name), fileName: file.name });
              event.currentTarget.value = '';
            }}
          />
        </label>
        {view.phase === 'uploading' && <LoadingState label={t('importUploading', view.fileName ?? '')} />}
        {view.error !== null && <div role="alert">{view.error || t('importFailed')}</div>}
        {view.report && (
          <div role="status">
            <p>{t('importReport', view.report.total, view.report.created, view.report.failed)}</p>
            {view.report.invalidRowsToken && (
              <a href={userFileUrl('download-import-invalid-users-file', { token: view.report.invalidRowsToken })} download>
                {t('importInvalidRows')}
              </a>
            )}
          </div>
        )}
      </Modal>
    </>
  );
}
