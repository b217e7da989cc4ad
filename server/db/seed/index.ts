// Seeding runs at every start and is idempotent: reference data always (the admin role holding every
// permission, the admin user, the SPA client and scopes, the lookup catalogue), demo data when SEED_DEMO_DATA is not false
// (the 'acme' tenant with its own admin, demo users and roles).
import type { AppContext } from '../../context.ts';
import { seedIdentity } from './identity.ts';
import { seedIdentityOrganization } from './identity-organization.ts';
import { seedLookups } from './lookups.ts';
import { seedLedger } from '../../modules/ledger/seed.ts';
import { seedServices } from '../../modules/kernel/seed.ts';
import { seedOidc } from './oidc.ts';

export const demoCredentials = { userName: 'admin', password: '1q2w3E*', tenant: 'acme' } as const;

export async function seed(ctx: AppContext): Promise<void> {
  await seedOidc(ctx);
  await seedIdentity(ctx, { demo: ctx.config.seedDemoData });
  await seedIdentityOrganization(ctx, { demo: ctx.config.seedDemoData });
  await seedLookups(ctx);
  await seedLedger(ctx);
  await seedServices(ctx);
}
