// Import users from Excel or CSV (spec 7.13; issue 9), on the kit's import dialog beside the users
// list: the sample files (a download token, then the file as a browser navigation, through
// the kit's Export menu), the file input (the format from its extension), the report of created and
// failed rows, and the link to the invalid rows' file (its token comes with the report).
import { useCallback } from 'react';
import type { ImportReport } from '../../../../machines/generic/file-import.machine.ts';
import { ImportUsersFromFileType } from '../../../../contract/identity-users.ts';
import { getDownloadToken, importUsersFromFile, userFileUrl } from '../../../api/identity-users.ts';
import type { Http } from '../../../api/http.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { ExportMenu } from '../../../views/kit/export-menu.tsx';
import { FileImportDialog } from '../../../views/kit/file-import-dialog.tsx';
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
  const upload = useCallback(
    async (file: File, fileType: number, signal: AbortSignal): Promise<ImportReport> => {
      const output = await importUsersFromFile(http, file, fileType as ImportUsersFromFileType, signal);
      return {
        total: output.allCount,
        created: output.succeededCount,
        failed: output.failedCount,
        invalidRowsToken: output.invalidUsersDownloadToken,
      };
    },
    [http],
  );
  return (
    <FileImportDialog
      upload={upload}
      fileTypeOf={fileTypeOf}
      accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      texts={{
        open: t('import'),
        title: t('importTitle'),
        choose: t('importChoose'),
        close: kit('close'),
        failed: t('importFailed'),
        uploading: (fileName) => t('importUploading', fileName),
        report: (report) => t('importReport', report.total, report.created, report.failed),
      }}
      intro={
        <>
          <p>{t('importSampleIntro')}</p>
          <ExportMenu spec={sampleSpec} filters={{}} http={http} t={kit} label={t('importSample')} />
        </>
      }
      afterReport={(report) =>
        report.invalidRowsToken && (
          <a href={userFileUrl('download-import-invalid-users-file', { token: report.invalidRowsToken })} download>
            {t('importInvalidRows')}
          </a>
        )
      }
      onImported={onImported}
    />
  );
}
