import { sql } from 'drizzle-orm';
import { fieldError } from '../../../lib/errors';
import type { ModuleHooks } from '../engine/moduleHooks';
import { col, rowsOf, tableOf } from '../engine/query/sql';
import { purgeRolesOfContacts } from '../opportunity/contactRolesPurge';

const idOf = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/**
 * Contacts' own write rule: a contact reports to someone of the same account (an org chart is a
 * company's), checked on every write that sets either field — form, inline edit, mass update,
 * import. Whether the manager exists and is in the caller's scope is the engine's lookup check;
 * a loop (reporting to oneself or to one's own report) is its hierarchy check.
 */
export const contactHooks: ModuleHooks = {
  // Their opportunity roles go with purged contacts (h/roles).
  beforePurge: purgeRolesOfContacts,
  async beforeWrite({ body, current, db, def }) {
    if (!('reportsToId' in body) && !('accountId' in body)) return body;
    const reportsTo = idOf('reportsToId' in body ? body.reportsToId : current?.reportsToId);
    if (reportsTo === null || !Number.isSafeInteger(reportsTo)) return body;
    const account = idOf('accountId' in body ? body.accountId : current?.accountId);
    const accountColumn = col(def.byName.get('accountId')!.column);
    const [manager] = await rowsOf<{ account: unknown }>(db, sql`select ${accountColumn} as account from ${tableOf(def.table)} where id = ${reportsTo}`);
    // An unknown manager is left to the engine's lookup check, which names it.
    if (manager && idOf(manager.account) !== account) throw fieldError('reportsToId', 'contact.reportsToOtherAccount');
    return body;
  },
};
