import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Executor } from '../../client';
import type { crmRecordHistory } from '../../schema/crm';
import { bulkInsert } from './bulkInsert';
import type { DemoContext } from './context';

export type DemoHistory = typeof crmRecordHistory.$inferInsert;

/** A record's 'create' row, by its creator at its creation time. */
export const createdRow = (ctx: DemoContext, module: CrmModule, recordId: number, userId: number, at: Date): DemoHistory => ({
  module, recordId, action: 'create', userId, userName: ctx.userName(userId), createTime: at,
});

/** A field change, as the records engine writes it. */
export const changedRow = (ctx: DemoContext, module: CrmModule, recordId: number, change: { field: string; from: string | null; to: string; userId: number; at: Date; action?: string }): DemoHistory => ({
  module, recordId, action: change.action ?? 'update', field: change.field, oldValue: change.from, newValue: change.to,
  userId: change.userId, userName: ctx.userName(change.userId), createTime: change.at,
});

/**
 * Writes the history in time order, so that ids follow time (history pages read newest first by
 * id) and a record's last stage row is its current stage.
 */
export async function insertHistory(tx: Executor, rows: DemoHistory[]): Promise<void> {
  const sorted = [...rows].sort((a, b) => a.createTime!.getTime() - b.createTime!.getTime());
  await bulkInsert(
    tx,
    'crm_record_history',
    sorted.map((r) => ({
      module: r.module, record_id: r.recordId, action: r.action, field: r.field ?? null, old_value: r.oldValue ?? null, new_value: r.newValue ?? null,
      user_id: r.userId, user_name: r.userName, create_time: r.createTime,
    })),
    false,
  );
}
