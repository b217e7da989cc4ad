// STUB (to be replaced by the identity module's seed).
import type { AppContext } from '../../context.ts';

export async function seedIdentity(_ctx: AppContext, _options: { demo: boolean }): Promise<void> {}
