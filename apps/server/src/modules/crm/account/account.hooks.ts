import { sql } from 'drizzle-orm';
import { CODE } from '@orbit/shared/constants';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { AppError, badRequest } from '../../../lib/errors';
import { hasPermission } from '../../auth/currentUser';
import { createRecordHistory } from '../engine/history/recordHistory';
import type { HookContext, ModuleHooks } from '../engine/moduleHooks';
import { writeScope } from '../engine/query/recordAccess';
import { PRESENT, col, rowsOf, tableOf } from '../engine/query/sql';
import { createRecordsRepository } from '../engine/records/recordsRepository';

/** The opportunity table and its account column, from metadata. */
function opportunities({ meta }: HookContext) {
  const def = meta.module('opportunity');
  return { def, table: tableOf(def.table), account: col(def.byName.get('accountId')!.column) };
}

/**
 * An account's opportunities do not outlive it silently: deleting an account that has some is
 * refused unless the caller asks to delete them too, may delete opportunities and may write every
 * one of them (the access predicate at `write`); then they go to the recycle bin with it, in the same transaction (so with the same
 * deletion time, which is how a restore of the account finds them again).
 */
export const accountHooks: ModuleHooks = {
  async beforeRemove(ctx, records, options) {
    const { def, table, account } = opportunities(ctx);
    const accountIds = records.map((r) => r.id);
    const all = await rowsOf<{ id: unknown }>(ctx.tx, sql`select id from ${table} where ${PRESENT} and ${account} in ${accountIds}`);
    if (!all.length) return;
    const count = all.length;
    if (options.dependents !== 'delete') throw badRequest('account.hasOpportunities', { count });
    if (!hasPermission(ctx.user, PERMISSIONS.opportunity.remove)) throw new AppError(CODE.forbidden, 'account.opportunitiesNoRight', { count });
    const ids = all.map((r) => Number(r.id));
    const repo = createRecordsRepository(ctx.tx, def);
    const reachable = await repo.lock(sql`id`, ids, writeScope(ctx.user, 'opportunity'));
    if (reachable.length !== ids.length) throw new AppError(CODE.forbidden, 'account.opportunitiesOutOfScope', { count: ids.length - reachable.length });
    await repo.softDelete(ids, ctx.user.userId);
    await createRecordHistory(ctx.tx, 'opportunity').write(ctx.user, ids.map((recordId) => ({ recordId, action: 'delete' })));
  },

  /** The opportunities deleted together with an account (same time, same person) come back with it. */
  async beforeRestore(ctx, accountIds) {
    const { table, account } = opportunities(ctx);
    const accounts = tableOf(ctx.meta.module('account').table);
    const restored = await rowsOf<{ id: unknown }>(
      ctx.tx,
      sql`update ${table} o set deleted_at = null, deleted_by = null, update_by = ${ctx.user.userId}, update_time = now(), version = o.version + 1
          from ${accounts} a
          where a.id in ${accountIds} and o.${account} = a.id and o.deleted_at = a.deleted_at and o.deleted_by = a.deleted_by
          returning o.id`,
    );
    if (restored.length) {
      await createRecordHistory(ctx.tx, 'opportunity').write(ctx.user, restored.map((r) => ({ recordId: Number(r.id), action: 'restore' })));
    }
  },
};
