// Dashboard (spec 2.1 '/dashboard', issue 20.8): guarded by Finance.Dashboard.Host or .Tenant in the
// route registry. Its first paint is the page's frame (the title, the period's place, the widgets'
// region); the content (the dashboard and audit-widgets machines, the period fields, the widgets)
// loads right after it (dashboard-body.tsx), so the first paint carries no machine of the page and no
// react-aria (the route's `providers: 'own'`; issue 18). The frame's markup is the body's, empty.
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { isFeatureOn, isGranted } from '../../app/access.ts';
import { selectAccess } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useTexts } from '../../app/use-texts.ts';
import * as styles from './dashboard.css.ts';

const DashboardBody = lazy(() => import('./dashboard-body.tsx'));

export default function DashboardScreen() {
  const shell = useTexts();
  const access = useSelector(useSystem().auth, selectAccess);
  // The period's place is held where the content will show the period fields (the audit widgets).
  const widgets = isGranted(access, 'AuditLogging.AuditLogs') && isFeatureOn(access, { name: 'AuditLogging.Enable', rule: 'notFalse' });
  const frame = (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{shell('dashboard.title')}</h1>
        {widgets && <div className={styles.periodPending} />}
      </div>
      <section className={styles.grid} aria-label={shell('dashboard.widgets')} aria-busy="true" />
    </>
  );
  return (
    <div className={`page ${styles.page}`}>
      <Suspense fallback={frame}>
        <DashboardBody />
      </Suspense>
    </div>
  );
}
