// Reference of the dashboard page, written from spec 2.1 ('/dashboard') and 2.6 (its audit-log
// widgets: AuditLogging.AuditLogs granted and the AuditLogging.Enable feature) and issue 20.8 ("a grid
// of titled cards with one period picker" for the whole page). A period is usable when both days are
// given as calendar days and the first is not after the last. Plain code: it does not import the
// machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export interface Period {
  startDate: string;
  endDate: string;
}

/** What the widgets were told, in order: started with the page's period, then each new usable period. */
export type WidgetMessage = { started: { isAllowed: boolean; range: Period } } | { rangeChange: Period };

export interface DashboardExpectedView {
  period: Period;
  isPeriodValid: boolean;
  hasWidgets: boolean;
  widgetsTold: WidgetMessage[];
}

export const dashboardRules: RuleBook = {
  source: 'spec 2.1 (/dashboard), 2.6 (the audit-log widgets and their permission and feature); issue 20.8 (one period for the page)',
  rules: {
    open: {
      state: 'checking',
      text: "The page opens with the screen's period (the last 7 days) and starts its widgets with it; the widgets show only for a user allowed the audit logs.",
    },
    usable: {
      state: 'any state',
      text: 'A usable period (both days, the first not after the last) is kept and goes to every widget at once.',
    },
    unusable: {
      state: 'any state',
      text: 'An incomplete or inverted period is kept so the fields show it, the page says it is not usable, and no widget gets it: they keep the last usable one.',
    },
  },
};

function calendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

const usable = (period: Period) => calendarDay(period.startDate) && calendarDay(period.endDate) && period.startDate <= period.endDate;

export function dashboardReference(rawInput: unknown): ReferenceRun<DashboardExpectedView> {
  const input = rawInput as { period: Period; auditAllowed: boolean };
  const recorder = new Recorder();
  let period = input.period;
  const widgetsTold: WidgetMessage[] = [{ started: { isAllowed: input.auditAllowed, range: input.period } }];
  recorder.rule('open');
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ period, isPeriodValid: usable(period), hasWidgets: input.auditAllowed, widgetsTold: [...widgetsTold] }),
    send(event: ReferenceEvent) {
      if (event.type !== 'period.change') return;
      period = (event as unknown as { period: Period }).period;
      if (usable(period)) {
        recorder.rule('usable');
        widgetsTold.push({ rangeChange: period });
      } else recorder.rule('unusable');
    },
  };
}
