// Audit logging API (spec 7.14) and audit log settings (spec 7.8).
import type { RouteModule } from '../index.ts';

export const auditLoggingRoutes: RouteModule = async () => {};
