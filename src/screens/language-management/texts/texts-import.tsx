// Import a language's texts from a JSON or XLIFF 2 file (ours, beside ABP's surface), on the kit's
// import dialog beside the texts list: the file input (the format from its extension),
// the report (texts in the file, changed, unknown keys ignored); a refused file (not JSON or XLIFF 2,
// another language's, a malformed message) shows the server's localized message and changes nothing.
import { useCallback } from 'react';
import type { ImportReport } from '../../../../machines/generic/file-import.machine.ts';
import type { Http } from '../../../api/http.ts';
import { importLanguageTexts } from '../../../api/language-management.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { FileImportDialog } from '../../../views/kit/file-import-dialog.tsx';
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
  const upload = useCallback(
    async (file: File, fileType: number, signal: AbortSignal): Promise<ImportReport> => {
      const content = await file.text();
      const result = await importLanguageTexts(http, { format: fileType === 2 ? 'xliff' : 'json', content }, signal).catch(
        (error: unknown) => {
          throw withFieldMessage(error);
        },
      );
      return { total: result.totalCount, created: result.changedCount, failed: result.unknownKeys.length, invalidRowsToken: null };
    },
    [http],
  );
  return (
    <FileImportDialog
      upload={upload}
      fileTypeOf={textFileTypeOf}
      accept=".json,.xlf,.xliff,application/json,application/xliff+xml"
      texts={{
        open: t('import'),
        title: t('importTitle'),
        choose: t('importChoose'),
        close: kit('close'),
        failed: t('importFailed'),
        uploading: (fileName) => t('importUploading', fileName),
        report: (report) => t('importReport', report.total, report.created, report.failed),
      }}
      intro={<p>{t('importIntro')}</p>}
      onImported={onImported}
    />
  );
}
