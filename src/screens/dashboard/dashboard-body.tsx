// The dashboard's content (spec 2.1 '/dashboard', issue 20.8), loaded right after the page's frame
// has painted (dashboard-screen.tsx, issue 18). A grid of widget cards under one period for the page,
// which the dashboard machine owns and hands to its widgets (machines/dashboard/dashboard.machine.ts).
// The audit-log widgets (spec 2.6) show only with the AuditLogging.AuditLogs policy and the
// AuditLogging.Enable feature not 'false'; without them their chunk (ApexCharts) is never loaded and
// no statistics are requested. Render-only: the real loader is provided here; the components show
// the machines' views. Its markup is the frame's, filled in.
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { auditWidgetsMachine } from '../../../machines/audit-logging/audit-widgets.machine.ts';
import { dashboardMachine, selectDashboard } from '../../../machines/dashboard/dashboard.machine.ts';
import { type DateRange, lastSevenDays } from '../../api/date-range.ts';
import { isFeatureOn, isGranted } from '../../app/access.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { selectAccess } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { useTexts } from '../../app/use-texts.ts';
import { withScreenProviders } from '../../app/with-screen-providers.tsx';
import { dashboardTexts } from './dashboard-texts.ts';
import * as styles from './dashboard.css.ts';

// The screen paints without react-aria (its route's `providers: 'own'`); each part loaded after the
// first paint brings ScreenProviders (react-aria's locale) with it.
const AuditWidgets = withScreenProviders(() => import('./audit-widgets/audit-widgets.tsx'));
const controls = () => import('./dashboard-controls.tsx');
const PeriodPicker = withScreenProviders(async () => ({ default: (await controls()).PeriodPicker }));
const NoWidgets = withScreenProviders(async () => ({ default: (await controls()).NoWidgets }));

export default function DashboardBody() {
  const shell = useTexts();
  const t = useAreaTexts(dashboardTexts);
  const system = useSystem();
  const { auth } = system;
  const access = useSelector(auth, selectAccess);
  const auditAllowed =
    isGranted(access, 'AuditLogging.AuditLogs') && isFeatureOn(access, { name: 'AuditLogging.Enable', rule: 'notFalse' });
  const logic = useMemo(
    () =>
      dashboardMachine.provide({
        actors: {
          auditWidgets: auditWidgetsMachine.provide({
            actors: {
              // The statistics calls and the session's client load with the first of them, after the
              // first paint (issue 18); the charts' chunk takes longer anyway.
              loadStatistics: fromPromise(async ({ input, signal }: { input: { range: DateRange }; signal: AbortSignal }) => {
                const [{ getAuditStatistics }, { sessionHttp }] = await Promise.all([
                  import('../../api/audit-statistics.ts'),
                  import('../../app/use-session-http.ts'),
                ]);
                return getAuditStatistics(sessionHttp(system), input.range, signal);
              }),
            },
          }),
        },
      }),
    [system],
  );
  const dashboard = useActorRef(logic, { input: { auditAllowed, period: lastSevenDays(new Date()) }, ...inspectOptions() });
  const view = useSelector(dashboard, selectDashboard);
  const change = (period: Partial<DateRange>) => dashboard.send({ type: 'period.change', period: { ...view.period, ...period } });

  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>{shell('dashboard.title')}</h1>
        {view.hasWidgets && (
          <Suspense fallback={<div className={styles.periodPending} />}>
            <PeriodPicker
              period={view.period}
              texts={{ period: t('period'), startDate: t('startDate'), endDate: t('endDate') }}
              onChange={change}
            />
          </Suspense>
        )}
      </div>
      {!view.isPeriodValid && <p role="alert">{t('invalidPeriod')}</p>}
      <section className={styles.grid} aria-label={shell('dashboard.widgets')}>
        {view.auditWidgets && view.hasWidgets ? (
          <Suspense fallback={null}>
            <AuditWidgets widgets={view.auditWidgets} />
          </Suspense>
        ) : (
          <div className={styles.fullRow}>
            <Suspense fallback={null}>
              <NoWidgets title={t('noWidgets')} description={t('noWidgetsText')} />
            </Suspense>
          </div>
        )}
      </section>
    </>
  );
}
