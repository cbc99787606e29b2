import { sql, type SQL } from 'drizzle-orm';
import { GLOBAL_SEARCH_CANDIDATES, type Language } from '@orbit/shared/constants';
import type { CrmRecord, GlobalSearchHit } from '@orbit/shared/contract/crm';
import type { Executor } from '../../../../db/client';
import type { CurrentUser } from '../../../auth/currentUser';
import type { FieldDef } from '../metadata/fieldDef';
import type { MetadataStore, ModuleDef } from '../metadata/moduleDef';
import { namedDetails } from './keyDetails';
import { quickSearch, visibleSearchText } from './quickSearch';
import { selectList, toRecord } from './recordColumns';
import { nameExpression } from './recordName';
import { recordAccess } from './recordAccess';
import { PRESENT, col, rowsOf, tableOf } from './sql';

/** A module's hit before its key details are named: the record (key fields only) and where it ranks. */
export type RankedRow = { record: CrmRecord; label: string; detail: string; rank: number; sim: number; at: number };

/** Records of one module the caller may see whose search text holds `q` (the trigram-indexed match). */
function matching(def: ModuleDef, user: CurrentUser, q: string): SQL {
  const scope = recordAccess(user, def.module, 'read');
  return sql`${PRESENT} and ${quickSearch(def, q)}${scope ? sql` and ${scope}` : sql``}`;
}

const keyFieldsOf = (def: ModuleDef): FieldDef[] => def.keyFields.flatMap((n) => def.byName.get(n) ?? []);

/** One module's hits of a page and how many there are in all, up to the cap (`total` counted only when asked). */
export type RankedPage = { rows: RankedRow[]; total: number; capped: boolean };

/** `like` text matching `text` as written (its wildcards and escape character taken literally). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The matches of one module worth ranking, at most GLOBAL_SEARCH_CANDIDATES and one more (which
 * tells there are more), read through the trigram index in three tiers, each read only while the
 * ones before it leave room (a `limit` over `union all` stops pulling rows once it has enough):
 * records named `q`, found through texts starting with it as a whole word (the name is the first
 * thing in `search_text`, db/schema/crmRecords.ts — after a space when a person has no given
 * name), so the record named what was typed is never crowded out by many names merely starting
 * with it; then the other texts starting with `q`; then the rest. The tiers split the matches,
 * each in exactly one; each candidate carries its rank, similarity and last activity. The first
 * tier reads every text starting with `q` as a word to find the names equal to it: a common given
 * name typed alone ("James") reads all "James …" records, a bound that is the word's, not the cap.
 */
function candidates(def: ModuleDef, user: CurrentUser, q: string): SQL {
  const name = sql`lower(${nameExpression(def)})`;
  const typed = q.toLowerCase();
  const e = literal(typed);
  // Which tier a match is in is told by the text the reader may see (a hidden field must not rank it either).
  const text = visibleSearchText(def) ?? sql`search_text`;
  const asWord = sql`(${text} like ${e} or ${text} like ${`${e} %`} or ${text} like ${` ${e}`} or ${text} like ${` ${e} %`})`;
  const starts = sql`(${text} like ${`${e}%`} or ${text} like ${` ${e}%`})`;
  const rank = sql`case when ${name} = ${typed} then 0 when left(${name}, length(${typed})) = ${typed} then 1 else 2 end`;
  const columns = sql`id, ${rank} as search_rank, similarity(${name}, ${typed}) as search_sim, greatest(update_time, create_time) as search_time`;
  const table = tableOf(def.table);
  const where = matching(def, user, q);
  // The index finds texts starting with `q` as a word ("james smith …"); the name then decides.
  const named = sql`(${asWord} and ${name} = ${typed})`;
  return sql`select * from (
      (select ${columns} from ${table} where ${where} and ${named})
      union all (select ${columns} from ${table} where ${where} and ${starts} and not ${named})
      union all (select ${columns} from ${table} where ${where} and not ${starts})
    ) tiers limit ${GLOBAL_SEARCH_CANDIDATES + 1}`;
}

/** A count of candidates (at most the cap and one) as the wire tells it. */
const capped = (count: number) => ({ total: Math.min(count, GLOBAL_SEARCH_CANDIDATES), capped: count > GLOBAL_SEARCH_CANDIDATES });

/**
 * One module's hits in relevance order, ranked in SQL among its candidates (above): 0 the name is
 * `q` (case-insensitive), 1 the name starts with it, 2 the rest by trigram similarity of the name
 * to `q`, then recent activity. The ranking reads only the ids and sort keys of the candidates;
 * the page's rows alone are then read whole (their key fields, name and details). A broad term
 * ("Jenn": ~12,000 names a million) thus costs a bounded read; past the cap, hits are not paged.
 * `withTotal`: the candidates are counted in the same pass (a window count), capped.
 */
export async function rankedPage(db: Executor, def: ModuleDef, user: CurrentUser, q: string, limit: number, offset = 0, withTotal = false): Promise<RankedPage> {
  // What besides the name tells two records apart: the other searchable fields (company, e-mail…).
  const others = def.fields.filter((f) => f.searchable && !def.nameFields.includes(f.name)).map((f) => col(f.column));
  const detail = others.length ? sql`concat_ws(' · ', ${sql.join(others, sql`, `)})` : sql`''`;
  const fields = keyFieldsOf(def);
  const table = tableOf(def.table);
  const size = Math.max(0, Math.min(limit, GLOBAL_SEARCH_CANDIDATES - offset));
  const rows = size
    ? await rowsOf<Record<string, unknown>>(
        db,
        sql`select ${selectList(fields)}, ${nameExpression(def)} as search_label, ${detail} as search_detail, ranked.search_rank,
                   ranked.search_sim, extract(epoch from ranked.search_time) as search_at${withTotal ? sql`, ranked.search_total` : sql``}
            from (select id, search_rank, search_sim, search_time${withTotal ? sql`, count(*) over () as search_total` : sql``}
                  from (${candidates(def, user, q)}) found
                  order by search_rank, search_sim desc, search_time desc, id desc limit ${size} offset ${offset}) ranked
            join ${table} using (id)
            order by ranked.search_rank, ranked.search_sim desc, ranked.search_time desc, id desc`,
      )
    : [];
  const count = rows.length ? Number(rows[0]!.search_total ?? 0) : withTotal && (offset > 0 || !size) ? await countMatching(db, def, user, q) : 0;
  return {
    ...capped(count),
    rows: rows.map((r) => ({
      record: toRecord(r, fields),
      label: String(r.search_label ?? ''),
      detail: String(r.search_detail ?? ''),
      rank: Number(r.search_rank),
      sim: Number(r.search_sim),
      at: Number(r.search_at),
    })),
  };
}

/** One module's `limit` best hits (rankedPage without the count). */
export async function rankedRows(db: Executor, def: ModuleDef, user: CurrentUser, q: string, limit: number): Promise<RankedRow[]> {
  return (await rankedPage(db, def, user, q, limit)).rows;
}

/** How many records of one module match, up to the cap and one (a page past the last hit, where the ranking has no row to carry the count). */
export async function countMatching(db: Executor, def: ModuleDef, user: CurrentUser, q: string): Promise<number> {
  const [row] = await rowsOf<{ count: unknown }>(
    db,
    sql`select count(*) as count from (select 1 from ${tableOf(def.table)} where ${matching(def, user, q)} limit ${GLOBAL_SEARCH_CANDIDATES + 1}) found`,
  );
  return Number(row?.count ?? 0);
}

/** Merges modules' ranked rows into one relevance order (each module's rows are already in it). */
export const byRelevance = (a: RankedRow, b: RankedRow) => a.rank - b.rank || b.sim - a.sim || b.at - a.at;

/** Hits of one module with their key details named in `lang` (one query per kind of lookup target and one for picklists). */
export async function withDetails(
  db: Executor,
  meta: MetadataStore,
  user: CurrentUser,
  def: ModuleDef,
  rows: RankedRow[],
  lang: Language,
  restricted: string,
): Promise<GlobalSearchHit[]> {
  const details = await namedDetails(db, meta, user, keyFieldsOf(def), rows.map((r) => r.record), lang, restricted);
  return rows.map((r, i) => ({ module: def.module, id: r.record.id, label: r.label, detail: r.detail, rank: r.rank, details: details[i]! }));
}
