// Import a language's texts from a JSON or XLIFF 2 file (ours, beside ABP's surface), render-only over
// the kit's fileImport actor beside the texts list: the file input (the format from its extension),
// the report (texts in the file, changed, unknown keys ignored); a refused file (not JSON or XLIFF 2,
// another language's, a malformed message) shows the server's localized message and changes nothing.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  fileImportMachine,
  type ImportReport,
  selectFileImport,
  type UploadInput,
} from '../../../../machines/generic/file-import.machine.ts';
import type { Http } from '../../../api/http.ts';
import { importLanguageTexts } from '../../../api/language-management.ts';
import { inspectOptions } from '../../../app/inspection.ts';
import { shallowEqual } from '../../../app/shell-view.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Button, LoadingState, Modal } from '../../../ui/index.ts';
import type { KitTextKey } from '../../../views/kit/kit-texts.ts';
import type { LanguageKey } from '../languages/languages-screen.tsx';

/**
 * The server names what is wrong with the file in its validation error (ABP's envelope says only
 * "Your request is not valid!"): that sentence becomes the message the import shows.
 */
function withFieldMessage(error: unknown): unknown {
  const body = (error as { data?: { error?: { validationErrors?: Array<{ message?: unknown }> } } } | null)?.data?.error;
  const message = body?.validationErrors?.[0]?.message;
  return typeof message === 'string' && message !== '' ? { data: { error: { ...body, message } } } : error;
}

/** 1: JSON, 2: XLIFF 2 (from the file's extension). */
export const textFileTypeOf = (fileName: string) => (/\.(xlf|xliff|xml)$/i.test(fileName) ? 2 : 1);

export function TextsImport({
  http,
  t,
  kit,
  onImported,
}: {
  http: Http;
  t: AreaTranslate<LanguageKey>;
  kit: AreaTranslate<KitTextKey>;
  onImported: () => void;
}) {
  const logic = useMemo(
    () =>
      fileImportMachine.provide({
        actors: {
          uploadFile: fromPromise<ImportReport, UploadInput>(async ({ input, signal }) => {
            const content = await (input.file as File).text();
            const result = await importLanguageTexts(http, { format: input.fileType === 2 ? 'xliff' : 'json', content }, signal).catch(
              (error: unknown) => {
                throw withFieldMessage(error);
              },
            );
            return { total: result.totalCount, created: result.changedCount, failed: result.unknownKeys.length, invalidRowsToken: null };
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
        <p>{t('importIntro')}</p>
        <label>
          {t('importChoose')}{' '}
          <input
            type="file"
            accept=".json,.xlf,.xliff,application/json,application/xliff+xml"
            disabled={!view.canUpload}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) actor.send({ type: 'import.upload', file, fileType: textFileTypeOf(file.name), fileName: file.name });
              event.currentTarget.value = '';
            }}
          />
        </label>
        {view.phase === 'uploading' && <LoadingState label={t('importUploading', view.fileName ?? '')} />}
        {view.error !== null && <div role="alert">{view.error || t('importFailed')}</div>}
        {view.report && (
          <div role="status">
            <p>{t('importReport', view.report.total, view.report.created, view.report.failed)}</p>
          </div>
        )}
      </Modal>
    </>
  );
}
