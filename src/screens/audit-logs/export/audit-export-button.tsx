// 'Export to Excel' for the audit lists (spec 2.6, 7.14): exports with the filters it is given at
// the moment of the press. Render-only over the generic fileExport machine: the button, then either the
// progress of a background job (a named progressbar) with Cancel, or the download of the finished
// file until its link expires. Toasts come from the machine's emitted outcomes. Shown only with the
// AuditLogging.AuditLogs.Export permission, which the server requires to start an export.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { selectFileExport } from '../../../../machines/generic/file-export.machine.ts';
import type { AuditExportFilters, AuditExportKind } from '../../../api/audit-export.ts';
import { isGranted } from '../../../app/access.ts';
import { inspectOptions } from '../../../app/inspection.ts';
import { selectAccess, shallowEqual } from '../../../app/shell-view.ts';
import { useSystem } from '../../../app/system-context.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { Button, clusterClass, ProgressBar, Spinner } from '../../../ui/index.ts';
import { connectExportToasts, createAuditExportLogic } from './export-actors.ts';
import { exportTexts } from './export-texts.ts';
import { useSessionHttp } from '../../../app/use-session-http.ts';

export interface AuditExportButtonProps {
  kind: AuditExportKind;
  filters: AuditExportFilters;
}

export const exportPermission = 'AuditLogging.AuditLogs.Export';

export function AuditExportButton(props: AuditExportButtonProps) {
  const { auth } = useSystem();
  const canExport = useSelector(auth, (snapshot) => isGranted(selectAccess(snapshot), exportPermission));
  return canExport ? <ExportControls {...props} /> : null;
}

function ExportControls({ kind, filters }: AuditExportButtonProps) {
  const t = useAreaTexts(exportTexts);
  const http = useSessionHttp();
  const logic = useMemo(() => createAuditExportLogic(http, window), [http]);
  const actor = useActorRef(logic, { input: { resource: kind }, ...inspectOptions() });
  const view = useSelector(actor, selectFileExport, shallowEqual);
  useEffect(() => connectExportToasts(actor, t), [actor, t]);

  const progress = view.progress;
  return (
    <div className={clusterClass}>
      <Button
        variant="secondary"
        icon="arrow-down"
        isDisabled={!view.canStart}
        isPending={view.phase === 'requesting'}
        onPress={() => actor.send({ type: 'export.start', filters })}
      >
        {t('exportToExcel')}
      </Button>
      {view.phase === 'running' &&
        (progress?.total ? (
          <ProgressBar
            label={t('progressLabel')}
            value={progress.processed}
            maxValue={progress.total}
            valueLabel={t('progressValue', progress.processed, progress.total)}
          />
        ) : (
          <span className={clusterClass}>
            <Spinner label={t('preparing')} size="sm" />
            <span>{progress ? t('progressRows', progress.processed) : t('preparing')}</span>
          </span>
        ))}
      {view.canCancel && (
        <Button variant="ghost" onPress={() => actor.send({ type: 'export.cancel' })}>
          {t('cancel')}
        </Button>
      )}
      {(view.phase === 'ready' || view.phase === 'downloading') && view.fileName && (
        <>
          <Button
            variant="primary"
            icon="arrow-down"
            isPending={view.phase === 'downloading'}
            onPress={() => actor.send({ type: 'export.download' })}
          >
            {t('download', view.fileName)}
          </Button>
          <span>{t('ready')}</span>
          <Button variant="ghost" onPress={() => actor.send({ type: 'export.dismiss' })}>
            {t('dismiss')}
          </Button>
        </>
      )}
      {view.phase === 'expired' && (
        <>
          <span role="status">{t('expired')}</span>
          <Button variant="ghost" onPress={() => actor.send({ type: 'export.dismiss' })}>
            {t('dismiss')}
          </Button>
        </>
      )}
    </div>
  );
}

export default AuditExportButton;
