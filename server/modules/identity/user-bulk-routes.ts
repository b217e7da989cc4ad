// /api/identity/users/bulk/...: actions over many users at once (our extension; ABP has none). Rules:
// - POST bulk/lock {lockoutEnd}, bulk/unlock, bulk/activate, bulk/deactivate (AbpIdentity.Users.Update)
//   and bulk/delete (AbpIdentity.Users.Delete), each over either `ids` or `filter` (the user list's
//   filters; every matching user of the caller's tenant), never both and never neither (400);
// - with `filter`, `expectedCount` (the total the caller was shown) is required and must still be
//   the number of matching users, else 409 and nothing is done: the action applies to the set the
//   caller saw, not to whatever happens to match by now;
// - ids of other tenants or unknown ids are reported as failed (not found), never acted on;
// - the caller's own account and the host's admin are skipped with a reason; each user is changed
//   in its own transaction by the same code as the single action (user-state.ts, deleteUser), so
//   one refusal (lockout not enabled, ...) is reported and does not stop the others;
// - the answer is a report {done, skipped: [{id, userName, reason}], failed: [...]}.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, count, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type BulkActionFailure,
  BulkActionReport,
  BulkLockUsersInput,
  BulkUsersInput,
  type IdentityUserFilter,
} from '../../../contract/identity-users.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, invalidField } from '../../errors.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { liveUsers, userListFilter, userListOrder } from './user-repository.ts';
import { callerOf } from './user-routes.ts';
import { type Caller, deleteUser } from './user-service.ts';
import { lockUser, setUserActive, unlockUser } from './user-state.ts';

const base = '/api/identity/users/bulk';
const tags = ['Identity'];
/** At most this many users per bulk action (the whole filtered set of a large tenant is refused). */
import { maxBulkUsers } from './bulk-limits.ts';

type Target = { ids?: string[]; filter?: IdentityUserFilter; expectedCount?: number };
type Action = (caller: Caller, id: string) => Promise<unknown>;

const bulkSetChanged = (expected: number, actual: number) =>
  new AppError({ status: 409, code: 'Finance:BulkSetChanged', text: { key: 'AbpIdentity::BulkSetChanged', params: [expected, actual] } });

export async function userBulkRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** The users the action applies to, in list order: {id, userName, tenantId}. */
  async function targetsOf(
    tenantId: string | null,
    target: Target,
  ): Promise<{ rows: Array<{ id: string; userName: string }>; missing: string[] }> {
    if (!!target.ids === !!target.filter) throw invalidField('ids', 'AbpIdentity::BulkTargetRequired');
    if (target.ids) {
      const ids = [...new Set(target.ids.map((id) => id.toLowerCase()))];
      const rows = await ctx.db
        .select({ id: users.id, userName: users.userName })
        .from(users)
        .where(and(liveUsers(tenantId), inArray(users.id, ids)));
      const found = new Set(rows.map((r) => r.id));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { rows: ids.filter((id) => found.has(id)).map((id) => byId.get(id)!), missing: ids.filter((id) => !found.has(id)) };
    }
    if (target.expectedCount === undefined)
      throw invalidField('expectedCount', 'AbpValidation::The {0} field is required.', 'expectedCount');
    const where = userListFilter(tenantId, target.filter!);
    const [total] = await ctx.db.select({ value: count() }).from(users).where(where);
    const actual = Number(total?.value ?? 0);
    // Too many first: above the limit the list may have shown an estimate, which would read as a change.
    if (actual > maxBulkUsers) throw invalidField('filter', 'AbpIdentity::BulkTooManyUsers', maxBulkUsers);
    if (actual !== target.expectedCount) throw bulkSetChanged(target.expectedCount, actual);
    const rows = await ctx.db
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(where)
      .orderBy(...userListOrder(target.filter!.sorting));
    return { rows, missing: [] };
  }

  async function run(request: FastifyRequest, target: Target, action: Action): Promise<BulkActionReport> {
    const caller = callerOf(request);
    const tenantId = tenantIdOf(request);
    const { rows, missing } = await targetsOf(tenantId, target);
    const report: BulkActionReport = { done: 0, skipped: [], failed: [] };
    const entry = (row: { id: string; userName: string }, reason: string): BulkActionFailure => ({
      id: row.id,
      userName: row.userName,
      reason,
    });
    for (const id of missing)
      report.failed.push(entry({ id, userName: '' }, request.t('AbpExceptionHandling::EntityNotFoundErrorMessage', 'IdentityUser', id)));
    for (const row of rows) {
      if (row.id === caller.userId) {
        report.skipped.push(entry(row, request.t('AbpIdentity::BulkSkippedYourself')));
        continue;
      }
      if (tenantId === null && row.userName.toLowerCase() === 'admin') {
        report.skipped.push(entry(row, request.t('AbpIdentity::BulkSkippedHostAdmin')));
        continue;
      }
      try {
        await action(caller, row.id);
        report.done += 1;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const reason = error.validationErrors?.length
          ? error.validationErrors.map((v) => request.t(v.message)).join(' ')
          : request.t(error.text);
        report.failed.push(entry(row, reason));
      }
    }
    return report;
  }

  const update = { auth: { permission: 'AbpIdentity.Users.Update' } };
  const schema = { tags, body: BulkUsersInput, response: { 200: BulkActionReport } };

  app.post(
    `${base}/lock`,
    { schema: { tags, body: BulkLockUsersInput, response: { 200: BulkActionReport } }, config: update },
    (request) => {
      const lockoutEnd = new Date(request.body.lockoutEnd);
      return run(request, request.body, (caller, id) => lockUser(ctx, caller, id, lockoutEnd));
    },
  );
  app.post(`${base}/unlock`, { schema, config: update }, (request) =>
    run(request, request.body, (caller, id) => unlockUser(ctx, caller, id)),
  );
  app.post(`${base}/activate`, { schema, config: update }, (request) =>
    run(request, request.body, (caller, id) => setUserActive(ctx, caller, id, true)),
  );
  app.post(`${base}/deactivate`, { schema, config: update }, (request) =>
    run(request, request.body, (caller, id) => setUserActive(ctx, caller, id, false)),
  );
  app.post(`${base}/delete`, { schema, config: { auth: { permission: 'AbpIdentity.Users.Delete' } } }, (request) =>
    run(request, request.body, (caller, id) => deleteUser(ctx, caller, id)),
  );
}
