import { and, eq, inArray } from 'drizzle-orm';
import { WORKFLOW_MAX_DEPTH } from '@orbit/shared/contract/automation';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { crmRecordEvent, crmWorkflowRule, crmWorkflowRun, sysWebhook, sysWebhookDelivery } from '../../../db/schema/automation';
import { loadCurrentUser } from '../../auth/loadCurrentUser';
import type { CurrentUser } from '../../auth/currentUser';
import { metadataOf } from '../engine/metadata/metadataStore';
import { eventPayload } from './eventPayload';
import { recordsMeeting, triggerMatches } from './ruleMatch';
import { storedError, storedKey } from './storedError';

/** Events fanned out per transaction. */
const BATCH = 100;

type Rule = typeof crmWorkflowRule.$inferSelect;

/** Whether a webhook subscribed to `events` receives an event of `kind` (an "updated" subscription hears stage changes too). */
export const webhookHears = (events: string[], kind: string) => events.includes(kind) || (kind === 'stageChanged' && events.includes('updated'));

/**
 * Takes the oldest events not yet handled (`FOR UPDATE SKIP LOCKED`: each process its own) and, in
 * one transaction with marking them done, queues a run of every active rule the event triggers and
 * whose conditions the record meets, and a delivery to every webhook subscribed to it. An event is
 * thus fanned out exactly once, whatever process dies when. Answers how many events it handled.
 */
export async function fanOutEvents(db: Db, log: FastifyBaseLogger): Promise<number> {
  await metadataOf(db).fresh();
  return db.transaction(async (tx) => {
    const events = await tx.select().from(crmRecordEvent).where(eq(crmRecordEvent.done, false)).orderBy(crmRecordEvent.id).limit(BATCH).for('update', { skipLocked: true });
    if (!events.length) return 0;
    const modules = [...new Set(events.map((e) => e.module))];
    const rules = await tx.select().from(crmWorkflowRule).where(inArray(crmWorkflowRule.module, modules));
    const ruleById = new Map(rules.map((r) => [r.id, r]));
    const hooks = await tx.select().from(sysWebhook).where(and(inArray(sysWebhook.module, modules), eq(sysWebhook.active, true)));
    const viewers = new Map<number, CurrentUser | undefined>();
    const viewer = async (userId: number) => {
      if (!viewers.has(userId)) viewers.set(userId, await loadCurrentUser(tx, userId));
      return viewers.get(userId);
    };
    const meta = metadataOf(db);
    // The runs to queue, in event order then rule order (the order they are claimed in).
    type Run = typeof crmWorkflowRun.$inferInsert;
    const runs: Run[] = [];
    // Per rule, the events it triggers below the depth limit: their conditions are checked in one
    // statement per rule and batch (not one per event), then their runs queued in one insert.
    const candidates = new Map<number, { rule: Rule; runs: Run[] }>();
    for (const event of events) {
      const module = event.module as CrmModule;
      // A rule's change triggers rules only when that rule allows it; past the depth limit, a loop.
      const origin = event.ruleId === null ? undefined : ruleById.get(event.ruleId);
      const mayTrigger = event.depth === 0 || origin?.retrigger === true;
      if (!mayTrigger) continue;
      for (const rule of rules) {
        if (rule.module !== module || !rule.active || !triggerMatches(rule.trigger, event.kind, event.changed)) continue;
        const run: Run = { eventId: event.id, ruleId: rule.id, module, recordId: event.recordId, depth: event.depth };
        if (event.depth > WORKFLOW_MAX_DEPTH) {
          log.warn({ ruleId: rule.id, module, recordId: event.recordId, depth: event.depth }, 'workflow loop stopped');
          runs.push({ ...run, status: 'loop', error: storedKey('automation.loop', { depth: WORKFLOW_MAX_DEPTH }), finishTime: new Date() });
          continue;
        }
        runs.push(run);
        const entry = candidates.get(rule.id) ?? { rule, runs: [] };
        entry.runs.push(run);
        candidates.set(rule.id, entry);
      }
    }
    const dropped = new Set<Run>();
    for (const { rule, runs: ruleRuns } of candidates.values()) {
      const module = rule.module as CrmModule;
      try {
        const meeting = await tx.transaction((sp) => recordsMeeting(sp, meta.module(module), [...new Set(ruleRuns.map((r) => r.recordId))], rule.conditions));
        for (const run of ruleRuns) if (!meeting.has(run.recordId)) dropped.add(run);
      } catch (err) {
        // Conditions the metadata no longer allows (a field deleted since): the runs are shown failed, not dropped.
        const error = storedError(err);
        for (const run of ruleRuns) Object.assign(run, { status: 'failed', error, finishTime: new Date() });
      }
    }
    const queued = runs.filter((r) => !dropped.has(r));
    if (queued.length) await tx.insert(crmWorkflowRun).values(queued).onConflictDoNothing();
    for (const event of events) {
      const module = event.module as CrmModule;
      for (const hook of hooks) {
        if (hook.module !== module || !webhookHears(hook.events, event.kind)) continue;
        const body = await eventPayload(db, tx, await viewer(hook.userId), { kind: event.kind, module, recordId: event.recordId, changed: event.changed, time: event.createTime });
        await tx.insert(sysWebhookDelivery).values({ webhookId: hook.id, eventId: event.id, event: event.kind, body }).onConflictDoNothing();
      }
    }
    await tx.update(crmRecordEvent).set({ done: true }).where(inArray(crmRecordEvent.id, events.map((e) => e.id)));
    // Handled events are kept a day for the logs' sake, then cleared by the worker's date scan
    // (automationWorker.ts), not here: that delete reads the whole outbox, once per batch it was.
    return events.length;
  });
}
