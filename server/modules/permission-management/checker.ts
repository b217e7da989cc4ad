// STUB (to be replaced by the permission-management module): grants nothing.
import type { AppContext, PermissionChecker } from '../../context.ts';

export function createPermissionChecker(_ctx: AppContext): PermissionChecker {
  return { isGranted: async () => false, grantedNames: async () => [] };
}
