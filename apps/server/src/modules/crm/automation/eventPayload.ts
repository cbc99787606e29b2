import type { RecordEventChange, WebhookPayload } from '@orbit/shared/contract/automation';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Db, Executor } from '../../../db/client';
import type { CurrentUser } from '../../auth/currentUser';
import { moduleRecordsOf, seenBy } from '../engine/records/moduleRecords';
import { hiddenFieldNames } from '../fieldSecurity/hiddenFields';
import { readRecord } from '../engine/records/readRecord';
import { AppError } from '../../../lib/errors';

/**
 * A webhook's body: the event, the record as `GET /crm/{module}/{id}` answers it to `viewer` (the
 * administrator who saved the webhook; null when the record is gone or out of their sight) and
 * the changed fields (those the viewer may see). Written once, when the delivery is queued: every retry sends the same bytes.
 */
export async function eventPayload(
  db: Db,
  tx: Executor,
  viewer: CurrentUser | undefined,
  event: { kind: string; module: CrmModule; recordId: number; changed: RecordEventChange[]; time: Date },
): Promise<string> {
  let record: Record<string, unknown> | null = null;
  let changed = event.changed;
  if (viewer) {
    // As the viewer sees it, field-level security included: their hidden fields are neither in the record nor among the changes.
    const caller = { user: viewer, lang: 'en' as const };
    const m = moduleRecordsOf(db, event.module);
    const hidden = new Set(hiddenFieldNames(m.meta.module(event.module), viewer));
    changed = changed.filter((c) => !hidden.has(c.field));
    try {
      record = (await readRecord(seenBy(m, caller), tx, caller, event.recordId)).data as Record<string, unknown>;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  const payload: WebhookPayload = { event: event.kind, module: event.module, record, changed, time: event.time.toISOString() };
  return JSON.stringify(payload);
}
