import { sql, type SQL } from 'drizzle-orm';
import type { DuplicateCheck, DuplicateCheckField, DuplicateMatch } from '@orbit/shared/contract/crm';
import type { Executor } from '../../../db/client';
import { containsPattern } from '../../../lib/listQuery';
import type { CurrentUser } from '../../auth/currentUser';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { recordScope } from '../engine/query/recordScope';
import { nameExpression } from '../engine/query/recordName';
import { PRESENT, col, rowsOf, tableOf } from '../engine/query/sql';

/** Addresses at these domains say nothing about a company: they never match an account. */
export const FREE_MAIL_DOMAINS = new Set(['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'live.com', 'icloud.com', 'qq.com', '163.com', '126.com', 'sina.com', 'foxmail.com', 'aol.com']);

/** `text` matched exactly but case-insensitively, through the column's trigram index. */
const exactly = (column: string, text: string) => sql`${col(column)} ilike ${containsPattern(text).slice(1, -1)}`;

export function emailDomain(email: string | null | undefined): string | undefined {
  const domain = email?.split('@')[1]?.trim().toLowerCase();
  return domain && !FREE_MAIL_DOMAINS.has(domain) ? domain : undefined;
}

/** The conditions a duplicate check puts on leads and on accounts (undefined: that module cannot match). */
function conditions(field: DuplicateCheckField, value: string): { leads?: SQL; accounts?: SQL } {
  switch (field) {
    case 'email':
      return { leads: exactly('email', value) };
    case 'company':
      return { leads: exactly('company', value), accounts: exactly('name', value) };
    case 'phone':
    case 'mobile':
      return { leads: sql`(${exactly('phone', value)} or ${exactly('mobile', value)})`, accounts: exactly('phone', value) };
    case 'website':
      return { leads: exactly('website', value), accounts: exactly('website', value) };
    case 'emailDomain': {
      const domain = value.replace(/^.*@/, '');
      return { leads: sql`${col('email')} ilike ${`%@${containsPattern(domain).slice(1, -1)}`}`, accounts: sql`${col('website')} ilike ${containsPattern(domain)}` };
    }
  }
}

const LIMIT = 10;

async function ownerNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<{ id: unknown; name: unknown }>(db, sql`select user_id as id, nick_name as name from sys_user where user_id in ${[...new Set(ids)]}`);
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

/**
 * Leads and accounts that already exist for a field's value: those within the caller's data scope
 * with their names, and how many more exist beyond it (counted, never shown), so nobody creates
 * a duplicate blindly nor learns what they may not see.
 */
export async function findDuplicates(db: Executor, meta: MetadataStore, user: CurrentUser, field: DuplicateCheckField, value: string): Promise<DuplicateCheck> {
  const where = conditions(field, value.trim());
  const scope = recordScope(user);
  let hiddenCount = 0;
  const search = async (module: 'leads' | 'account', condition: SQL | undefined): Promise<DuplicateMatch[]> => {
    if (!condition) return [];
    const def = meta.module(module);
    const detail = module === 'leads' ? sql`concat_ws(' · ', ${col('company')}, ${col('email')})` : sql`concat_ws(' · ', ${col('phone')}, ${col('website')})`;
    const visible = scope ? sql`(${scope})` : sql`true`;
    const rows = await rowsOf<{ id: unknown; label: unknown; detail: unknown; owner_id: unknown; visible: boolean }>(
      db,
      sql`select id, ${nameExpression(def)} as label, ${detail} as detail, owner_id, ${visible} as visible
          from ${tableOf(def.table)} where ${PRESENT} and ${condition} order by 5 desc, id desc limit ${LIMIT * 5}`,
    );
    hiddenCount += rows.filter((r) => !r.visible).length;
    const shown = rows.filter((r) => r.visible).slice(0, LIMIT);
    const owners = await ownerNames(db, shown.map((r) => Number(r.owner_id)));
    return shown.map((r) => ({ module, id: Number(r.id), label: String(r.label ?? ''), detail: String(r.detail ?? ''), ownerName: owners.get(Number(r.owner_id)) ?? '' }));
  };
  const leads = await search('leads', where.leads);
  const accounts = await search('account', where.accounts);
  return { leads, accounts, hiddenCount };
}
