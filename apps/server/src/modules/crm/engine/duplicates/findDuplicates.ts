import { sql, type SQL } from 'drizzle-orm';
import { DUPLICATE_MATCH_LIMIT, type DuplicateFound, type DuplicateRule } from '@orbit/shared/contract/duplicates';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { Executor } from '../../../../db/client';
import type { CurrentUser } from '../../../auth/currentUser';
import type { ModuleDef } from '../metadata/moduleDef';
import { nameExpression } from '../query/recordName';
import { recordAccess } from '../query/recordAccess';
import { col, rowsOf, tableOf } from '../query/sql';
import { matchCondition } from './matchConditions';

export type MatchedRecord = { id: number; label: string; detail: string; ownerName: string };

/**
 * Present records of the module meeting `where`: those the caller may read (the access predicate;
 * newest first, at most `limit`) with their names, owners and `detail` (text columns joined), and
 * how many more meet it beyond that — counted, never shown, so that nobody creates a duplicate
 * blindly nor learns what they may not see. One statement for each.
 */
export async function matchingRecords(db: Executor, def: ModuleDef, user: CurrentUser, where: SQL, detail: SQL, limit = DUPLICATE_MATCH_LIMIT) {
  const scope = recordAccess(user, def.module, 'read', 't');
  const table = tableOf(def.table);
  const rows = await rowsOf<{ id: unknown; label: unknown; detail: unknown; owner: unknown }>(
    db,
    sql`select t.id, ${nameExpression(def, 't')} as label, ${detail} as detail, u.nick_name as owner
        from ${table} t left join sys_user u on u.user_id = t.owner_id
        where t.deleted_at is null and ${where}${scope ? sql` and ${scope}` : sql``} order by t.id desc limit ${limit}`,
  );
  const [hidden] = scope ? await rowsOf<{ count: unknown }>(db, sql`select count(*) as count from ${table} t where t.deleted_at is null and ${where} and not (${scope})`) : [];
  const matches: MatchedRecord[] = rows.map((r) => ({ id: Number(r.id), label: String(r.label ?? ''), detail: String(r.detail ?? ''), ownerName: String(r.owner ?? '') }));
  return { matches, hiddenCount: Number(hidden?.count ?? 0) };
}

/** The text of the rule's fields, joined: what a match shows beside its name. */
function detailOf(def: ModuleDef, rule: DuplicateRule): SQL {
  const columns = [...new Set(rule.conditions.map((c) => def.byName.get(c.field)))].filter((f) => f && f.type !== 'lookup' && !def.nameFields.includes(f.name));
  return columns.length ? sql`concat_ws(' · ', ${sql.join(columns.map((f) => sql`t.${col(f!.column)}`), sql`, `)})` : sql`''`;
}

/**
 * The first of `rules` (active ones, in order) that the record with `values` (and id `selfId`,
 * when it exists) matches another present record by, with those records; undefined when none.
 * A rule applies only when every field it compares has a value (an empty e-mail duplicates nothing).
 */
export async function findDuplicates(
  db: Executor,
  def: ModuleDef,
  user: CurrentUser,
  rules: DuplicateRule[],
  values: Readonly<Record<string, FieldValue | undefined>>,
  selfId?: number,
): Promise<DuplicateFound | undefined> {
  for (const rule of rules) {
    const conditions = rule.conditions.map((c) => {
      const field = def.byName.get(c.field);
      return field?.active ? matchCondition(field, c.match, values[c.field], rule.threshold, 't') : undefined;
    });
    if (!conditions.length || conditions.some((c) => c === undefined)) continue;
    const where = sql.join([...(conditions as SQL[]), ...(selfId === undefined ? [] : [sql`t.id <> ${selfId}`])], sql` and `);
    const { matches, hiddenCount } = await matchingRecords(db, def, user, where, detailOf(def, rule));
    if (matches.length || hiddenCount) return { action: rule.action, ruleId: rule.id, ruleName: rule.name, matches, hiddenCount };
  }
  return undefined;
}
