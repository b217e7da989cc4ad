// STUB (to be replaced by the setting-management module).
import type { AppContext, SettingProvider } from '../../context.ts';

export function createSettingProvider(_ctx: AppContext): SettingProvider {
  return { getValue: async () => null };
}
