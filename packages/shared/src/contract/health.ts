/**
 * `GET /health` (public): the database answers, and where reports, dashboards and exports read
 * (docs/scaling.md, "Reports on a read replica"): `replica` (REPORTING_DATABASE_URL, fresh
 * enough), `primary-fallback` (a replica is set but unreachable or lagging beyond the setting
 * `crm.reporting.maxLagSeconds`), `primary` (no replica set). `lagSeconds`: the replica's last
 * measured lag, null when it could not be measured or there is none.
 */
export type ReportingSource = 'replica' | 'primary-fallback' | 'primary';
export type ReportingHealth = { source: ReportingSource; lagSeconds: number | null };
export type Health = { database: 'up'; reporting: ReportingHealth };

/** The default of the setting `crm.reporting.maxLagSeconds`, and the values it takes. */
export const REPORTING_MAX_LAG_DEFAULT_SECONDS = 30;
export const REPORTING_MAX_LAG_RANGE = { min: 1, max: 3600 } as const;
