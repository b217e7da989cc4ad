// STUB (to be replaced by the feature-management module).
import type { AppContext, FeatureChecker } from '../../context.ts';

export function createFeatureChecker(_ctx: AppContext): FeatureChecker {
  return { getValue: async () => null, isEnabled: async () => true };
}
