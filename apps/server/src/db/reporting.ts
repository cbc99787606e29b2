import { sql } from 'drizzle-orm';
import type { ReportingHealth } from '@orbit/shared/contract/health';
import { isDatabaseUnavailable } from '../lib/databaseUnavailable';
import { openDatabase, type Db } from './client';

/**
 * Where reports, dashboards and exports read (docs/scaling.md, "Reports on a read replica"). Only
 * reads that tolerate a few seconds of lag go through `read`: everything else, and every read
 * that must see its own write (the report's definition, the metadata, the user), uses the primary.
 */
export type Reporting = {
  /**
   * Runs read-only `work` on the replica while it is reachable and within the lag setting, else
   * on the primary; a replica lost during `work` is marked down and `work` runs again on the primary.
   */
  read<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Where those reads go now, and the replica's last measured lag (the health endpoint's `reporting`). */
  status(): Promise<ReportingHealth>;
  close(): Promise<void>;
};

/** No replica (REPORTING_DATABASE_URL unset, or the embedded database): every read on the primary. */
export function primaryOnly(primary: Db): Reporting {
  return { read: (work) => work(primary), status: async () => ({ source: 'primary', lagSeconds: null }), close: async () => undefined };
}

/** How long a measured lag is trusted: reads are routed on it without a statement of their own. */
export const LAG_CHECK_MS = 5000;
/** A replica that does not answer a connection or the lag query within this is unreachable (the primary answers instead). */
const REPLICA_TIMEOUT_MS = 2000;

/**
 * The replica's lag in seconds. `now() - pg_last_xact_replay_timestamp()` alone grows while the
 * primary is idle, though nothing is missing: a replica connected to its primary that has replayed
 * everything it received lags 0. A database not in recovery (a promoted replica, or the primary
 * itself) lags 0. Null: nothing replayed yet while behind — unknown, so not used.
 */
const LAG_SQL = sql`select case
  when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() and exists (select 1 from pg_stat_wal_receiver) then 0
  else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8
end as lag`;

/** The replica failed a read in a way the primary would not: unreachable, shut down, or a query cancelled by replay (40001). */
const replicaFailure = (error: unknown) => isDatabaseUnavailable(error) || (error as { cause?: { code?: unknown } })?.cause?.code === '40001' || (error as { code?: unknown })?.code === '40001';

type State = ReportingHealth & { why: string };

/** The driver's own words for a failure (drizzle wraps them in "Failed query: <the statement>"). */
function causeOf(err: unknown): string | undefined {
  let e = err as { message?: unknown; cause?: unknown } | undefined;
  while (e?.cause && typeof e.cause === 'object') e = e.cause as typeof e;
  return typeof e?.message === 'string' ? e.message : undefined;
}

export type ReportingOptions = {
  url: string;
  primary: Db;
  /** The setting `crm.reporting.maxLagSeconds` as it is now. */
  maxLagSeconds(): Promise<number>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
};

/** Where a URL points, for the log: host, port and database, never the user or password. */
export const replicaWhere = (url: string) => {
  const u = new URL(url);
  return `${u.host}${u.pathname}`;
};

/** Reads on a streaming replica at `url`, falling back to the primary while it is unreachable or lags; told in the log at each change. */
export function openReporting({ url, primary, maxLagSeconds, log }: ReportingOptions): Reporting {
  let stale = false;
  const replica = openDatabase({ databaseUrl: url, connectTimeoutMs: REPLICA_TIMEOUT_MS, onConnectionLost: () => (stale = true) });
  const where = replicaWhere(url);
  let state: State | undefined;
  let checkedAt = 0;
  let checking: Promise<State> | undefined;

  /** Records the state; a change of where reads go (or of why) is logged once. */
  function enter(next: State, err?: unknown) {
    if (!state || state.source !== next.source || state.why !== next.why) {
      if (next.source === 'replica') log.info({ replica: where, lagSeconds: next.lagSeconds }, 'reports read from the replica');
      else log.warn({ replica: where, lagSeconds: next.lagSeconds, reason: next.why, err: causeOf(err) }, 'reports fall back to the primary database');
    }
    state = next;
    checkedAt = Date.now();
    stale = false;
  }

  /** Measures the lag and records where reads go now. */
  async function measure(): Promise<State> {
    // The setting is read from the primary (the caller keeps its default when the primary cannot answer).
    const maxLag = await maxLagSeconds();
    try {
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the replica did not answer in time')), REPLICA_TIMEOUT_MS).unref());
      const result = (await Promise.race([replica.db.execute(LAG_SQL), timeout])) as unknown as { rows: Array<{ lag: unknown }> };
      const raw = result.rows[0]?.lag;
      const lag = raw === null || raw === undefined ? null : Math.max(0, Math.round(Number(raw) * 10) / 10);
      if (lag === null) enter({ source: 'primary-fallback', lagSeconds: null, why: 'lag unknown (nothing replayed yet)' });
      else enter(lag <= maxLag ? { source: 'replica', lagSeconds: lag, why: 'fresh' } : { source: 'primary-fallback', lagSeconds: lag, why: `lag over ${maxLag} s` });
    } catch (err) {
      enter({ source: 'primary-fallback', lagSeconds: null, why: 'unreachable' }, err);
    }
    return state!;
  }

  /** The state, measured again when older than LAG_CHECK_MS or a replica connection was lost (one measurement at a time). */
  async function current(): Promise<State> {
    if (state && !stale && Date.now() - checkedAt < LAG_CHECK_MS) return state;
    checking ??= measure().finally(() => (checking = undefined));
    return checking;
  }

  return {
    async read(work) {
      if ((await current()).source !== 'replica') return work(primary);
      try {
        return await work(replica.db);
      } catch (err) {
        if (!replicaFailure(err)) throw err;
        enter({ source: 'primary-fallback', lagSeconds: null, why: 'unreachable' }, err);
        return work(primary);
      }
    },
    async status() {
      const { source, lagSeconds } = await current();
      return { source, lagSeconds };
    },
    close: () => replica.close(),
  };
}
