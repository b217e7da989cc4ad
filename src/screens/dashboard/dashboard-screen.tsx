// Dashboard (spec 2.1 '/dashboard'): guarded by Finance.Dashboard.Host or .Tenant in the route
// registry. The audit-log widgets (spec 2.6) show only with the AuditLogging.AuditLogs policy and
// the AuditLogging.Enable feature not 'false'; without them their chunk (ApexCharts) is never
// loaded and no statistics are requested.
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { isFeatureOn, isGranted } from '../../app/access.ts';
import { selectAccess } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useTexts } from '../../app/use-texts.ts';

const AuditWidgets = lazy(() => import('./audit-widgets/audit-widgets.tsx'));

export default function DashboardScreen() {
  const t = useTexts();
  const { auth } = useSystem();
  const access = useSelector(auth, selectAccess);
  const auditWidgets =
    isGranted(access, 'AuditLogging.AuditLogs') && isFeatureOn(access, { name: 'AuditLogging.Enable', rule: 'notFalse' });
  return (
    <div className="page">
      <h1>{t('dashboard.title')}</h1>
      <section className="widget-area" aria-labelledby="widgets-heading">
        <h2 id="widgets-heading">{t('dashboard.widgets')}</h2>
        {auditWidgets ? (
          <Suspense fallback={null}>
            <AuditWidgets isAllowed={auditWidgets} />
          </Suspense>
        ) : (
          <p className="empty-state">{t('dashboard.empty')}</p>
        )}
      </section>
    </div>
  );
}
