import { and, count, desc, eq, isNull, notInArray, or } from 'drizzle-orm';
import type { HistoryAction, HistoryRow } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Executor } from '../../../../db/client';
import { insertRows } from '../../../../db/jsonInsert';
import { crmRecordHistory } from '../../../../db/schema/crm';
import { toCount } from '../../../../lib/listQuery';
import type { CurrentUser } from '../../../auth/currentUser';
import type { Language } from '@orbit/shared/constants';
import { writeRecordEvents } from '../../automation/recordEvents';
import { applySharingRules } from '../../sharing/sharingRules';
import type { MetadataStore } from '../metadata/moduleDef';

/** History actions that may change whether a record matches a sharing rule. */
const CHANGING = new Set<HistoryAction>(['create', 'update', 'transfer', 'convert', 'merge']);

export type HistoryEntry = { recordId: number; action: HistoryAction; field?: string; oldValue?: FieldValue; newValue?: FieldValue };

/**
 * Field history, written by the caller inside the transaction of the change it records (so a
 * change and its history commit or roll back together), read newest first. The same write puts
 * the change's events in the automation outbox (automation/recordEvents.ts): every engine write
 * keeps history, so none is missed. Given `rules` (the writes that change field values), the same
 * transaction brings the module's sharing rules in line for the changed records
 * (sharing/sharingRules.ts `applySharingRules`).
 */
export function createRecordHistory(db: Executor, module: CrmModule, rules?: { meta: MetadataStore; lang: Language }) {
  return {
    async write(user: CurrentUser, entries: HistoryEntry[]): Promise<void> {
      if (!entries.length) return;
      await insertRows(db, crmRecordHistory,
        entries.map((e) => ({
          module,
          recordId: e.recordId,
          action: e.action,
          field: e.field ?? null,
          oldValue: e.oldValue ?? null,
          newValue: e.newValue ?? null,
          userId: user.userId,
          userName: user.nickName || user.userName,
        })),
      );
      await writeRecordEvents(db, module, user, entries);
      if (rules) await applySharingRules(db, rules.meta, module, entries.filter((e) => CHANGING.has(e.action)).map((e) => e.recordId), rules.lang);
    },

    /** `hidden`: fields the reader may not see (field-level security), whose changes are left out. */
    async page(recordId: number, page: { pageNum: number; pageSize: number }, hidden: string[] = []): Promise<{ total: number; rows: HistoryRow[] }> {
      const where = and(
        eq(crmRecordHistory.module, module),
        eq(crmRecordHistory.recordId, recordId),
        hidden.length ? or(isNull(crmRecordHistory.field), notInArray(crmRecordHistory.field, hidden)) : undefined,
      );
      const total = toCount(await db.select({ count: count() }).from(crmRecordHistory).where(where));
      const rows = await db
        .select()
        .from(crmRecordHistory)
        .where(where)
        .orderBy(desc(crmRecordHistory.id))
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize);
      return {
        total,
        rows: rows.map((r) => ({
          id: r.id,
          action: r.action as HistoryAction,
          field: r.field,
          oldValue: r.oldValue ?? null,
          newValue: r.newValue ?? null,
          userId: r.userId,
          userName: r.userName,
          time: r.createTime.toISOString(),
        })),
      };
    },
  };
}
