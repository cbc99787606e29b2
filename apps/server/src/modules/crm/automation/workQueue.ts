import { sql } from 'drizzle-orm';
import { AUTOMATION_MAX_ATTEMPTS } from '@orbit/shared/contract/automation';
import type { Db, Executor } from '../../../db/client';
import { rowsOf } from '../engine/query/sql';

/** The two queues of automation work: a rule's run, a webhook's delivery (same columns: status, attempts, next_at, locked_by, locked_at). */
export type WorkTable = 'crm_workflow_run' | 'sys_webhook_delivery';

/**
 * Takes the next due row of `table` for `worker`: queued and due, or running on a process whose
 * lock went stale (it died: taken up again, its attempt counted). `FOR UPDATE SKIP LOCKED`, as
 * jobQueue.claim, so two processes never take the same row. Answers its id and attempts.
 */
export async function claimWork(db: Db, table: WorkTable, worker: string, staleSeconds: number): Promise<{ id: number; attempts: number } | null> {
  const t = sql.identifier(table);
  // One statement (its own transaction): the row picked is locked until the update commits.
  const [row] = await rowsOf<{ id: string | number; attempts: number }>(
    db,
    sql`update ${t} set status = 'running', attempts = attempts + 1, locked_by = ${worker}, locked_at = now()
        where id = (select id from ${t}
          where (status = 'queued' and next_at <= now()) or (status = 'running' and locked_at < now() - make_interval(secs => ${staleSeconds}))
          order by next_at, id limit 1 for update skip locked)
        returning id, attempts`,
  );
  return row ? { id: Number(row.id), attempts: Number(row.attempts) } : null;
}

/** Locks the row while `worker` still holds it (inside the transaction that commits its work): false when it was taken over. */
export async function holdWork(tx: Executor, table: WorkTable, id: number, worker: string): Promise<boolean> {
  const held = await rowsOf(tx, sql`select id from ${sql.identifier(table)} where id = ${id} and status = 'running' and locked_by = ${worker} for update`);
  return held.length > 0;
}

/** Ends the row done (or failed, or loop) if `worker` still holds it. */
export async function finishWork(tx: Executor, table: WorkTable, id: number, worker: string, status: 'done' | 'failed', extra: { statusCode?: number | null; error?: string | null } = {}): Promise<void> {
  const t = sql.identifier(table);
  const code = table === 'sys_webhook_delivery' ? sql`, status_code = ${extra.statusCode ?? null}` : sql``;
  await tx.execute(
    sql`update ${t} set status = ${status}, error = ${extra.error ?? null}, finish_time = now(), locked_by = null${code}
        where id = ${id} and status = 'running' and locked_by = ${worker}`,
  );
}

/**
 * A failed attempt: queued again after `retryMs` × 2^(attempts − 1) while attempts remain, else
 * failed for good. Answers whether it will be retried.
 */
export async function retryOrFail(
  tx: Executor,
  table: WorkTable,
  work: { id: number; attempts: number },
  worker: string,
  retryMs: number,
  extra: { statusCode?: number | null; error: string },
): Promise<boolean> {
  if (work.attempts >= AUTOMATION_MAX_ATTEMPTS) {
    await finishWork(tx, table, work.id, worker, 'failed', extra);
    return false;
  }
  const delay = retryMs * 2 ** (work.attempts - 1);
  const code = table === 'sys_webhook_delivery' ? sql`, status_code = ${extra.statusCode ?? null}` : sql``;
  await tx.execute(
    sql`update ${sql.identifier(table)} set status = 'queued', locked_by = null, error = ${extra.error},
        next_at = now() + make_interval(secs => ${delay / 1000})${code}
        where id = ${work.id} and status = 'running' and locked_by = ${worker}`,
  );
  return true;
}

/** Whether any automation work is left: events not fanned out, runs or deliveries queued or running (tests drain it). */
export async function automationBusy(db: Executor): Promise<boolean> {
  const [row] = await rowsOf<{ busy: boolean }>(
    db,
    sql`select exists (select 1 from crm_record_event where not done)
          or exists (select 1 from crm_workflow_run where status in ('queued', 'running'))
          or exists (select 1 from sys_webhook_delivery where status in ('queued', 'running')) as busy`,
  );
  return row?.busy === true || (row?.busy as unknown) === 't';
}
