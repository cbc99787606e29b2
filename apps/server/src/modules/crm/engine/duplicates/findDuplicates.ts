import { sql, type SQL } from 'drizzle-orm';
import { DUPLICATE_MATCH_LIMIT, type DuplicateFound, type DuplicateRule } from '@orbit/shared/contract/duplicates';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { Executor } from '../../../../db/client';
import type { CurrentUser } from '../../../auth/currentUser';
import type { ModuleDef } from '../metadata/moduleDef';
import { nameExpression } from '../query/recordName';
import { recordAccess } from '../query/recordAccess';
import { col, rowsOf, tableOf } from '../query/sql';
import { NO_CACHE, type WriteCache } from '../records/writeCache';
import { matchSql, matchValue } from './matchConditions';

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

/** What `rule` compares for a record with `values` (matchValue of each condition, in order); undefined when the rule does not apply to it. */
function comparedBy(def: ModuleDef, rule: DuplicateRule, values: Readonly<Record<string, unknown>>): string[] | undefined {
  const compared: string[] = [];
  for (const c of rule.conditions) {
    const field = def.byName.get(c.field);
    const value = field?.active ? matchValue(field, c.match, values[c.field]) : undefined;
    if (value === undefined) return undefined;
    compared.push(value);
  }
  return compared.length ? compared : undefined;
}

/** `rule`'s conditions on the records aliased `t`, each field compared with `comparedOf(i)` (condition i's value). */
function ruleWhere(def: ModuleDef, rule: DuplicateRule, comparedOf: (i: number) => SQL): SQL {
  return sql.join(
    rule.conditions.map((c, i) => {
      const field = def.byName.get(c.field)!;
      return matchSql(field, c.match, sql`t.${col(field.column)}`, comparedOf(i), rule.threshold, def.caseInsensitiveKeys.has(field.name));
    }),
    sql` and `,
  );
}

/** A write cache's key for what `rule` found for a new record comparing `compared`. */
const answerKey = (rule: DuplicateRule, compared: string[]) => `duplicates\u0001${rule.id}\u0001${JSON.stringify(compared)}`;
const NONE = { matches: [] as MatchedRecord[], hiddenCount: 0 };

/**
 * For a batch of new records (an import's batch), asks each of `rules` once which of them match a
 * present record — one statement a rule, the batch's values joined laterally, every record counted
 * (visible or not) — and keeps in `cache` that the others match nothing: `findDuplicates` then asks
 * the database only about the few that do, instead of twice a rule for every record.
 */
export async function knownUnmatched(db: Executor, def: ModuleDef, rules: DuplicateRule[], valuesList: ReadonlyArray<Readonly<Record<string, unknown>>>, cache: WriteCache): Promise<void> {
  for (const rule of rules) {
    const asked = new Map<string, string[]>();
    for (const values of valuesList) {
      const compared = comparedBy(def, rule, values);
      if (compared) asked.set(answerKey(rule, compared), compared);
    }
    if (!asked.size) continue;
    const batch = [...asked.values()].map((compared, n) => ({ n, ...Object.fromEntries(compared.map((value, i) => [`c${i}`, value])) }));
    const columns = sql.raw(rule.conditions.map((_, i) => `c${i} text`).join(', '));
    // Joined laterally with `limit 1`, not `exists`: the planner turns an `exists` into a semi-join
    // it may answer by hashing the whole table (its estimate of a batch's rows is 100); the lateral
    // probes an index once a value (matching in importBatch.ts does the same).
    const matched = await rowsOf<{ n: unknown }>(
      db,
      sql`select v.n from json_to_recordset(${JSON.stringify(batch)}::json) as v(n int, ${columns})
        cross join lateral (select 1 from ${tableOf(def.table)} t where t.deleted_at is null and ${ruleWhere(def, rule, (i) => sql`v.${sql.identifier(`c${i}`)}`)} limit 1) m`,
    );
    const found = new Set(matched.map((r) => Number(r.n)));
    [...asked.keys()].forEach((key, n) => found.has(n) || void cache.remember(key, async () => NONE));
  }
}

/**
 * The first of `rules` (active ones, in order) that the record with `values` (and id `selfId`,
 * when it exists) matches another present record by, with those records; undefined when none.
 * A rule applies only when every field it compares has a value (an empty e-mail duplicates nothing).
 * A new record's answer may already be known from its batch (knownUnmatched).
 */
export async function findDuplicates(
  db: Executor,
  def: ModuleDef,
  user: CurrentUser,
  rules: DuplicateRule[],
  values: Readonly<Record<string, FieldValue | undefined>>,
  selfId?: number,
  cache: WriteCache = NO_CACHE,
): Promise<DuplicateFound | undefined> {
  for (const rule of rules) {
    const compared = comparedBy(def, rule, values);
    if (!compared) continue;
    // Built only when asked: an import's batch knows most answers already (knownUnmatched).
    const ask = () => {
      const where = sql.join([ruleWhere(def, rule, (i) => sql`${compared[i]}`), ...(selfId === undefined ? [] : [sql`t.id <> ${selfId}`])], sql` and `);
      return matchingRecords(db, def, user, where, detailOf(def, rule));
    };
    // Not kept: a later record of the batch with the same values is asked again, as it always was.
    const { matches, hiddenCount } = selfId === undefined ? await cache.remember(answerKey(rule, compared), ask, () => false) : await ask();
    if (matches.length || hiddenCount) return { action: rule.action, ruleId: rule.id, ruleName: rule.name, matches, hiddenCount };
  }
  return undefined;
}
