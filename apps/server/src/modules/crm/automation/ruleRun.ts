import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { Config } from '../../../config';
import { crmWorkflowActionRun, crmWorkflowRule, crmWorkflowRun } from '../../../db/schema/automation';
import { loadCurrentUser } from '../../auth/loadCurrentUser';
import { metadataOf } from '../engine/metadata/metadataStore';
import { storedError, storedKey } from './storedError';
import { runAction } from './workflowActions';
import { finishWork, holdWork, retryOrFail } from './workQueue';

const TABLE = 'crm_workflow_run';
/** Rules act and write their notices in the organisation's first language (the run log translates its errors per reader). */
const ACTION_LANG: Language = 'en';

/** Signals that the run was taken over by another process: stop without writing. */
class Released extends Error {}

/**
 * Runs a claimed rule run: its actions in order, each in its own transaction that also writes the
 * action's row `done` (unique per run and index, so an action done is never done again when the
 * run is retried after its process died). A failing action is kept with its error and the run
 * retried with back-off (actions already done are skipped); after the last attempt the action and
 * the run are failed and the actions after it are not run.
 */
export async function runRule(db: Db, work: { id: number; attempts: number }, worker: string, deps: { retryMs: number; log: FastifyBaseLogger; config: Config }): Promise<void> {
  const [found] = await db.select({ run: crmWorkflowRun, rule: crmWorkflowRule }).from(crmWorkflowRun).leftJoin(crmWorkflowRule, eq(crmWorkflowRule.id, crmWorkflowRun.ruleId)).where(eq(crmWorkflowRun.id, work.id));
  if (!found) return;
  const { run, rule } = found;
  const fail = async (error: string) => db.transaction((tx) => finishWork(tx, TABLE, run.id, worker, 'failed', { error }));
  if (!rule) return fail(storedKey('automation.ruleNotFound'));
  const user = await loadCurrentUser(db, rule.userId);
  if (!user) return fail(storedKey('automation.actorGone'));
  const actor = { ...user, automation: { ruleId: rule.id, depth: run.depth + 1 } };
  await metadataOf(db).fresh();
  // A first attempt has no action done yet (action rows are written only by a claimed attempt):
  // the read is for a run taken up again or retried.
  const done = new Set(
    work.attempts === 1
      ? []
      : (await db.select({ index: crmWorkflowActionRun.actionIndex }).from(crmWorkflowActionRun).where(and(eq(crmWorkflowActionRun.runId, run.id), eq(crmWorkflowActionRun.status, 'done')))).map((r) => r.index),
  );
  const last = rule.actions.length - 1;
  let finished = false;
  for (const [index, action] of rule.actions.entries()) {
    if (done.has(index)) continue;
    try {
      await db.transaction(async (tx) => {
        if (!(await holdWork(tx, TABLE, run.id, worker))) throw new Released();
        const [row] = await tx
          .insert(crmWorkflowActionRun)
          .values({ runId: run.id, actionIndex: index, kind: action.kind, status: 'done', attempts: 1 })
          .onConflictDoUpdate({
            target: [crmWorkflowActionRun.runId, crmWorkflowActionRun.actionIndex],
            set: { status: 'done', attempts: sql`${crmWorkflowActionRun.attempts} + 1`, error: null, updateTime: new Date() },
            setWhere: sql`${crmWorkflowActionRun.status} <> 'done'`,
          })
          .returning({ id: crmWorkflowActionRun.id });
        if (!row) return;
        const result = await runAction(
          { db, tx, actor, lang: ACTION_LANG, rule: { id: rule.id, name: rule.name }, module: run.module as CrmModule, recordId: run.recordId, actionRunId: row.id, config: deps.config },
          action,
        );
        await tx.update(crmWorkflowActionRun).set({ result }).where(eq(crmWorkflowActionRun.id, row.id));
        // The last action ends the run in its own transaction (one commit less per run, and the run
        // is done exactly when its last action is).
        if (index === last) {
          await finishWork(tx, TABLE, run.id, worker, 'done');
          finished = true;
        }
      });
    } catch (err) {
      if (err instanceof Released) return;
      deps.log.warn({ err, runId: run.id, ruleId: rule.id, action: index }, 'workflow action failed');
      const error = storedError(err);
      await db.transaction(async (tx) => {
        if (!(await holdWork(tx, TABLE, run.id, worker))) return;
        const retried = await retryOrFail(tx, TABLE, work, worker, deps.retryMs, { error });
        const status = retried ? 'retrying' : 'failed';
        await tx
          .insert(crmWorkflowActionRun)
          .values({ runId: run.id, actionIndex: index, kind: action.kind, status, attempts: 1, error })
          .onConflictDoUpdate({
            target: [crmWorkflowActionRun.runId, crmWorkflowActionRun.actionIndex],
            set: { status, attempts: sql`${crmWorkflowActionRun.attempts} + 1`, error, updateTime: new Date() },
          });
      });
      return;
    }
  }
  if (!finished) await db.transaction((tx) => finishWork(tx, TABLE, run.id, worker, 'done'));
}
