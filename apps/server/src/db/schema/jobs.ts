import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Background work any server process may run (exports, imports): a row is claimed with
 * `FOR UPDATE SKIP LOCKED`, kept alive by its heartbeat, and ends done or failed — a job whose
 * process died is taken up again once, then failed (docs/decisions.md, "Jobs").
 */
export const sysJob = pgTable(
  'sys_job',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** queued, running, done, failed. */
    state: text('state').notNull().default('queued'),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The file-centre record the job fills (status, progress, result); 0 (jobQueue.NO_FILE) when it fills none. */
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Which process holds it (host:pid:random), for the logs. */
    lockedBy: text('locked_by'),
    heartbeatAt: ts('heartbeat_at'),
    createTime: ts('create_time').notNull().defaultNow(),
    finishTime: ts('finish_time'),
  },
  (t) => [index('sys_job_state_idx').on(t.state, t.id)],
);
