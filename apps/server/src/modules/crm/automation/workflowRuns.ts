import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { WorkflowActionRun, WorkflowRun, WorkflowRunStatus } from '@orbit/shared/contract/automation';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Executor } from '../../../db/client';
import { crmWorkflowActionRun, crmWorkflowRule, crmWorkflowRun } from '../../../db/schema/automation';
import { toCount } from '../../../lib/listQuery';
import { readStoredError } from './storedError';

export type RunQuery = { module?: CrmModule; ruleId?: number; recordId?: number; status?: WorkflowRunStatus; pageNum: number; pageSize: number };

/** The run log: runs newest first with their actions, errors in the reader's language. */
export async function workflowRunsPage(db: Executor, query: RunQuery, lang: Language): Promise<{ total: number; rows: WorkflowRun[] }> {
  const conditions: Array<SQL | undefined> = [
    query.module ? eq(crmWorkflowRun.module, query.module) : undefined,
    query.ruleId ? eq(crmWorkflowRun.ruleId, query.ruleId) : undefined,
    query.recordId ? eq(crmWorkflowRun.recordId, query.recordId) : undefined,
    query.status ? eq(crmWorkflowRun.status, query.status) : undefined,
  ];
  const where = and(...conditions);
  const total = toCount(await db.select({ count: count() }).from(crmWorkflowRun).where(where));
  const runs = await db
    .select({ run: crmWorkflowRun, ruleName: crmWorkflowRule.name })
    .from(crmWorkflowRun)
    .leftJoin(crmWorkflowRule, eq(crmWorkflowRule.id, crmWorkflowRun.ruleId))
    .where(where)
    .orderBy(desc(crmWorkflowRun.id))
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize);
  const ids = runs.map((r) => r.run.id);
  const actions = ids.length ? await db.select().from(crmWorkflowActionRun).where(inArray(crmWorkflowActionRun.runId, ids)).orderBy(crmWorkflowActionRun.actionIndex) : [];
  const byRun = new Map<number, WorkflowActionRun[]>();
  for (const a of actions) {
    byRun.set(a.runId, [
      ...(byRun.get(a.runId) ?? []),
      { index: a.actionIndex, kind: a.kind, status: a.status as WorkflowActionRun['status'], attempts: a.attempts, error: readStoredError(a.error, lang) },
    ]);
  }
  return {
    total,
    rows: runs.map(({ run, ruleName }) => ({
      id: run.id,
      ruleId: run.ruleId,
      ruleName: ruleName ?? `#${run.ruleId}`,
      module: run.module as CrmModule,
      recordId: run.recordId,
      status: run.status as WorkflowRunStatus,
      attempts: run.attempts,
      error: readStoredError(run.error, lang),
      time: run.createTime.toISOString(),
      finishTime: run.finishTime?.toISOString() ?? null,
      actions: byRun.get(run.id) ?? [],
    })),
  };
}
