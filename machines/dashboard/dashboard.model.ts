// The test model of the dashboard page: an administrator (audit widgets allowed) and a user without
// them, a valid, an inverted and an incomplete period, and a page opened with an incomplete period.
// Shared by tests/machines/dashboard.machine.test.ts and docs/machines/dashboard.md.
import { week } from '../audit-logging/audit-widgets.model.ts';
import { describeEvent } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type DashboardEvent, dashboardMachine } from './dashboard.machine.ts';

export { week };

export const periodChanges: DashboardEvent[] = [
  { type: 'period.change', period: { startDate: '2026-11-01', endDate: '2026-11-07' } },
  { type: 'period.change', period: { startDate: '2026-11-22', endDate: '2026-11-16' } },
  { type: 'period.change', period: { startDate: '2026-11-08', endDate: '' } },
];

export const dashboardModel: MachineModel<typeof dashboardMachine> = {
  machine: dashboardMachine,
  scenarios: [
    { name: 'admin', input: { auditAllowed: true, period: week } },
    { name: 'without the audit widgets', input: { auditAllowed: false, period: week } },
    { name: 'admin, incomplete period', input: { auditAllowed: true, period: { startDate: '', endDate: '2026-11-22' } } },
  ],
  events: periodChanges,
  describeEvent,
};
