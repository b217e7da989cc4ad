// STUB (to be replaced by the identity server's seed).
import type { AppContext } from '../../context.ts';

export async function seedOidc(_ctx: AppContext): Promise<void> {}
