import { and, eq, getTableColumns, gt, is, sql, type SQL } from 'drizzle-orm';
import { PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { sysSession } from '../../db/schema/auth';
import { DEL_FLAG_PRESENT } from '../../db/schema/columns';
import { sysDept, sysUser } from '../../db/schema/organisation';
import { rowsOf } from '../crm/engine/query/sql';
import { currentUserColumns, type CurrentUserRow } from './currentUser';

/**
 * The session read every API request makes (session.repository.ts), as a database function:
 * PL/pgSQL keeps the plan of its query for the connection's life, where the same statement sent
 * unnamed — as it must be behind PgBouncer in transaction pooling (db/client.ts UNNAMED_STATEMENT) —
 * was planned anew on every request: 2.5 ms of planning for 0.6 ms of work, measured at a million
 * leads (docs/decisions.md, "The session read as a database function"). Its plan is the generic
 * one from the first call on each connection (`plan_cache_mode`: by default PostgreSQL plans the
 * first five calls anew before it settles, and a pool spreads requests over ten connections). The function is made from
 * the same `currentUserColumns` the rest of the code reads a user with, at every start
 * (`reconcileSessionRead`), replaced only when its text changed.
 */
export const SESSION_READ_FUNCTION = 'orbit_session_read';

export type SessionRow = typeof sysSession.$inferSelect;

/** `name: value` pairs as one `json_build_object`. */
const jsonObject = (entries: Array<[string, unknown]>): SQL => sql`json_build_object(${sql.join(entries.map(([key, value]) => sql`${key}::text, ${value}`), sql`, `)})`;

/** The function's query: the live session of `p_token_hash` at `p_now` with its user, as JSON; null when there is none. */
function sessionQuery(): SQL {
  return sql`select ${jsonObject([
    ['session', jsonObject(Object.entries(getTableColumns(sysSession)))],
    ['user', jsonObject(Object.entries(currentUserColumns))],
  ])}
    from ${sysSession}
    left join ${sysUser} on ${and(eq(sysUser.userId, sysSession.userId), eq(sysUser.delFlag, DEL_FLAG_PRESENT))}
    left join ${sysDept} on ${eq(sysDept.deptId, sysUser.deptId)}
    where ${and(eq(sysSession.tokenHash, sql.raw('p_token_hash')), gt(sysSession.expiresAt, sql.raw('p_now')))}
    limit 1`;
}

/** A value of the code (never of a request) as an SQL literal, for a function's body. */
function literal(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** The function's source, its constants written in (a function body has no parameters of the caller's). */
export function sessionReadSource(): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(sessionQuery());
  const query = text.replace(/\$(\d+)\b/g, (_, n: string) => literal(params[Number(n) - 1]));
  return `\nbegin\n  return (${query});\nend\n`;
}

/** Creates the function, or replaces it when this version's text differs (every start, under the start-up lock). */
export async function reconcileSessionRead(db: Executor): Promise<void> {
  const source = sessionReadSource();
  const [current] = await rowsOf<{ src: string }>(db, sql`select prosrc as src from pg_proc where proname = ${SESSION_READ_FUNCTION} and pronamespace = current_schema()::regnamespace`);
  if (current?.src === source) return;
  await db.execute(
    sql.raw(`create or replace function ${SESSION_READ_FUNCTION}(p_token_hash text, p_now timestamptz) returns json language plpgsql stable set plan_cache_mode = force_generic_plan as $orbit$${source}$orbit$`),
  );
}

/** The timestamp columns of a session, which JSON carries as text. */
const DATE_KEYS = Object.entries(getTableColumns(sysSession))
  .filter(([, column]) => is(column, PgColumn) && column.dataType === 'date')
  .map(([key]) => key);

/** The live session of a token hash at `now`, with its user's row; undefined when there is none. */
export async function readSession(db: Executor, tokenHash: string, now: Date): Promise<{ session: SessionRow; user: CurrentUserRow } | undefined> {
  const [row] = await rowsOf<{ read: { session: Record<string, unknown>; user: CurrentUserRow } | string | null }>(
    db,
    sql`select ${sql.identifier(SESSION_READ_FUNCTION)}(${tokenHash}, ${now.toISOString()}::timestamptz) as read`,
  );
  if (!row?.read) return undefined;
  const read = typeof row.read === 'string' ? (JSON.parse(row.read) as Exclude<typeof row.read, string | null>) : row.read;
  const session = { ...read.session };
  for (const key of DATE_KEYS) session[key] = new Date(session[key] as string);
  return { session: session as SessionRow, user: read.user };
}
