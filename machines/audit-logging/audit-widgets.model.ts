// The test model of the dashboard widgets: an admin (allowed) and a user without the permission,
// statistics loaded or failing, a valid and an inverted range, retry. Shared by
// tests/machines/audit-widgets.machine.test.ts and docs/machines/auditWidgets.md.
import type { AuditStatistics } from '../../src/api/audit-statistics.ts';
import { describeEvent, done, failed } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type AuditWidgetsEvent, auditWidgetsMachine } from './audit-widgets.machine.ts';

const changes: AuditWidgetsEvent[] = [
  { type: 'range.change', range: { startDate: '2026-11-01', endDate: '2026-11-07' } },
  { type: 'range.change', range: { startDate: '2026-11-08', endDate: '' } },
];

export const week = { startDate: '2026-11-16', endDate: '2026-11-22' };
export const statistics: AuditStatistics = {
  averageDurations: [
    { label: '2026-11-21', value: 12 },
    { label: '2026-11-22', value: 30 },
  ],
  errorRate: [
    { label: 'Success', value: 40 },
    { label: 'Fault', value: 2 },
  ],
};

export const auditWidgetsModel: MachineModel<typeof auditWidgetsMachine> = {
  machine: auditWidgetsMachine,
  scenarios: [
    { name: 'admin', input: { isAllowed: true, range: week } },
    { name: 'without AuditLogging.AuditLogs', input: { isAllowed: false, range: week } },
    { name: 'admin, inverted range', input: { isAllowed: true, range: { startDate: '2026-11-22', endDate: '2026-11-16' } } },
  ],
  events: [...changes, { type: 'widgets.retry' }, done('loadStatistics', statistics), failed('loadStatistics')],
  describeEvent,
};
