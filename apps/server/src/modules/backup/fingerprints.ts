/** A way to run one statement and read its rows: a pg client or an embedded PGlite alike. */
export type RunQuery = (text: string) => Promise<Array<Record<string, unknown>>>;

/** A table's row count and the MD5 of its rows as text, in a fixed order. */
export type TableFingerprint = { rows: number; checksum: string };

/** The schemas a backup holds: the app's tables and drizzle's record of the migrations applied. */
const SCHEMAS = ['public', 'drizzle'];

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table's fingerprint, read through `run` (inside the backup's snapshot, or after a restore).
 * Each row's text is the same on PostgreSQL and PGlite once the session's time zone is UTC (set
 * here), so a backup of one compares with its restore into the other.
 */
export async function tableFingerprints(run: RunQuery): Promise<Record<string, TableFingerprint>> {
  await run(`set timezone to 'UTC'`);
  const tables = await run(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in (${SCHEMAS.map((s) => `'${s}'`).join(', ')}) order by 1, 2`,
  );
  const fingerprints: Record<string, TableFingerprint> = {};
  for (const { s, t } of tables as Array<{ s: string; t: string }>) {
    const [row] = await run(
      `select count(*)::text as n, coalesce(md5(string_agg(r::text, E'\\n' order by r::text)), '') as md5 from ${quoteIdent(s)}.${quoteIdent(t)} r`,
    );
    fingerprints[`${s}.${t}`] = { rows: Number(row!.n), checksum: String(row!.md5) };
  }
  return fingerprints;
}

/** The tables whose fingerprints differ (or that one side lacks), named; empty when all agree. */
export function fingerprintDifferences(expected: Record<string, TableFingerprint>, actual: Record<string, TableFingerprint>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names.flatMap((name) => {
    const [e, a] = [expected[name], actual[name]];
    if (!e || !a) return [`${name}: ${e ? 'missing after the restore' : 'not in the backup'}`];
    if (e.rows !== a.rows) return [`${name}: ${e.rows} rows in the backup, ${a.rows} restored`];
    return e.checksum === a.checksum ? [] : [`${name}: the rows differ from the backup's`];
  });
}
