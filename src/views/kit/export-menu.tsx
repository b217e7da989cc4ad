// The Export menu of a resource list (issue 9 kit; spec 7.13, 8), render-only over one fileExport
// actor: CSV and Excel (the formats the spec lists) of exactly the rows the list shows, i.e. the
// filters as applied (not as half typed). A file answer is saved as a download, a link answer (the
// users' download-token export) is opened as a download navigation; a background job shows its
// progress, then the download link until it expires. Cancel stops a request or a job's polling;
// Dismiss puts a finished or expired job's link away. 'Export completed' / 'Export failed' toasts
// follow the machine's emitted events.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  type ExportAnswer,
  type ExportProgress,
  fileExportMachine,
  type RequestExportInput,
  type SaveFileInput,
  selectFileExport,
} from '../../../machines/generic/file-export.machine.ts';
import type { ListFilters } from '../../../machines/generic/paged-list.machine.ts';
import type { Http } from '../../api/http.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import type { AreaTranslate } from '../../i18n/define-texts.ts';
import { Button, Menu, MenuItem, MenuTrigger, ProgressBar, showToast } from '../../ui/index.ts';
import type { KitTextKey } from './kit-texts.ts';
import * as styles from './kit.css.ts';
import type { ExportSpec } from './resource-spec.ts';

function base64ToBytes(data: string): Uint8Array<ArrayBuffer> {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** A download through a hidden link: the file's address, or a blob of its bytes. */
function download(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export function ExportMenu({
  spec,
  filters,
  http,
  t,
  label,
}: {
  spec: ExportSpec;
  filters: ListFilters;
  http: Http;
  t: AreaTranslate<KitTextKey>;
  /** The button's name ('Export' unless given). */
  label?: string;
}) {
  const logic = useMemo(
    () =>
      fileExportMachine.provide({
        actors: {
          requestExport: fromPromise<ExportAnswer, RequestExportInput>(({ input, signal }) =>
            spec.request(http, { format: input.format, filters: input.filters }, signal),
          ),
          saveFile: fromPromise<string, SaveFileInput>(async ({ input }) => {
            if (input.url !== undefined) download(input.url, input.fileName);
            else {
              const url = URL.createObjectURL(new Blob([base64ToBytes(input.fileData)]));
              download(url, input.fileName);
              setTimeout(() => URL.revokeObjectURL(url), 10_000);
            }
            return input.fileName;
          }),
          checkProgress: fromPromise<ExportProgress, { jobId: string }>(({ input, signal }) =>
            spec.progress ? spec.progress(http, input.jobId, signal) : Promise.reject(new Error('no export jobs for this list')),
          ),
          downloadFile: fromPromise<void, { fileName: string }>(async ({ input }) => {
            if (!spec.download) throw new Error('no export jobs for this list');
            const file = await spec.download(http, input.fileName);
            download(file.url, file.fileName);
          }),
        },
      }),
    [spec, http],
  );
  const actor = useActorRef(logic, { input: { resource: spec.resource }, ...inspectOptions() });
  const view = useSelector(actor, selectFileExport, shallowEqual);
  useEffect(() => {
    const subscriptions = [
      actor.on('export.completed', () => showToast({ kind: 'success', title: t('exportCompleted') })),
      actor.on('export.failed', (event) => showToast({ kind: 'error', title: t('exportFailed'), description: event.message ?? undefined })),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor, t]);

  return (
    <div className={styles.exportStatus}>
      <MenuTrigger>
        <Button variant="secondary" icon="chevron-down" isDisabled={!view.canStart} isPending={view.phase === 'requesting'}>
          {label ?? t('export')}
        </Button>
        <Menu
          aria-label={label ?? t('export')}
          onAction={(key) => {
            const format = spec.formats.find((f) => f === key) ?? 'xlsx';
            actor.send({ type: 'export.start', filters, format });
          }}
        >
          {spec.formats.map((format) => (
            <MenuItem key={format} id={format}>
              {spec.formatLabels?.[format] ?? (format === 'csv' ? t('exportCsv') : t('exportXlsx'))}
            </MenuItem>
          ))}
        </Menu>
      </MenuTrigger>
      {view.phase === 'running' && (
        <ProgressBar label={t('exportProgress')} value={view.progress?.processed ?? 0} maxValue={Math.max(1, view.progress?.total ?? 1)} />
      )}
      {view.canCancel && (
        <Button variant="ghost" onPress={() => actor.send({ type: 'export.cancel' })}>
          {t('exportCancel')}
        </Button>
      )}
      {(view.phase === 'ready' || view.phase === 'downloading') && view.fileName && (
        <Button variant="ghost" onPress={() => actor.send({ type: 'export.download' })}>
          {t('exportDownload', view.fileName)}
        </Button>
      )}
      {view.phase === 'expired' && <span>{t('exportExpired')}</span>}
      {(view.phase === 'ready' || view.phase === 'expired') && (
        <Button variant="ghost" onPress={() => actor.send({ type: 'export.dismiss' })}>
          {t('exportDismiss')}
        </Button>
      )}
    </div>
  );
}
