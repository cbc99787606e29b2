import { createAttachmentsRepository } from '../../attachments/attachments.repository';
import { sql } from 'drizzle-orm';
import type { MergeBody } from '@orbit/shared/contract/duplicates';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import type { Executor } from '../../../../db/client';
import { badRequest } from '../../../../lib/errors';
import { allModuleHooks } from '../crmModules';
import { createRecordHistory } from '../history/recordHistory';
import { labelOf } from '../query/filterCompiler';
import { col, tableOf } from '../query/sql';
import { assertChangeable, lockAll, seenBy, type Caller, type ModuleRecords } from './moduleRecords';
import { removeRecordsIn } from './recycleBin';
import { updateRecordIn } from './updateRecord';

/**
 * Points every lookup and related-record field of every module (custom ones included, from
 * metadata) that names one of `mergedIds` at the survivor instead — deleted rows too, so that a
 * record restored from the bin points at the survivor. A record of the merged module never comes to
 * point at itself (a parent account merged into its child: the survivor's parent is emptied).
 */
async function repointReferences(m: ModuleRecords, tx: Executor, survivorId: number, mergedIds: number[]): Promise<void> {
  for (const module of CRM_MODULES) {
    const def = m.meta.module(module);
    const table = tableOf(def.table);
    for (const field of def.fields) {
      if (field.type === 'lookup' && field.lookupModule === m.module) {
        const c = col(field.column);
        const self = module === m.module;
        await tx.execute(sql`update ${table} set ${c} = ${survivorId} where ${c} in ${mergedIds}${self ? sql` and id <> ${survivorId}` : sql``}`);
        if (self) await tx.execute(sql`update ${table} set ${c} = null where id = ${survivorId} and ${c} in ${mergedIds}`);
      }
      if (field.type === 'relatedRecord') {
        const [kind, id] = [col(`${field.column}_module`), col(`${field.column}_id`)];
        await tx.execute(sql`update ${table} set ${id} = ${survivorId} where ${kind} = ${m.module} and ${id} in ${mergedIds}`);
      }
    }
  }
}

/**
 * Merges 1–2 records into a surviving one of the same module, in one transaction
 * (docs/records-engine.md, "Duplicates and merge"): the survivor takes, field by field, the value of
 * the record `values` names (validated as any update: the module's rule, the layout, every value);
 * every reference to the merged records moves to it (lookups and related records from metadata,
 * then each module's own links, `ModuleHooks.mergeLinks`); their history moves to it; they go to the
 * recycle bin with a `mergedInto` entry; the survivor's timeline gets a `merge` entry. Every record
 * must be within the caller's data scope and changeable, else nothing changes.
 */
export async function mergeRecords(m: ModuleRecords, caller: Caller, body: MergeBody): Promise<void> {
  const { survivorId } = body;
  const mergedIds = [...new Set(body.mergedIds)];
  if (mergedIds.includes(survivorId)) throw badRequest('merge.survivorMerged');
  await m.db.transaction(async (tx) => {
    const records = await lockAll(m, tx, caller.user, [survivorId, ...mergedIds]);
    for (const record of records) assertChangeable(m, record);
    const byId = new Map(records.map((r) => [r.id, r]));
    const survivor = byId.get(survivorId)!;
    // Field by field as the caller sees them: a hidden field is unknown, a read-only one not mergeable.
    const d = seenBy(m, caller).def();
    const changes: Record<string, unknown> = {};
    for (const [name, fromId] of Object.entries(body.values)) {
      const field = d.byName.get(name);
      if (!field || !field.active) throw badRequest('record.unknownField', { name });
      if (field.readOnly || (field.system && name !== 'ownerId')) throw badRequest('merge.fieldNotMergeable', { field: labelOf(field, caller.lang) });
      const from = byId.get(fromId);
      if (!from) throw badRequest('merge.valueNotInMerge', { field: labelOf(field, caller.lang) });
      if (fromId !== survivorId) changes[name] = from[name] ?? null;
    }
    if (Object.keys(changes).length) await updateRecordIn(m, tx, caller, { id: survivorId, version: survivor.version, ...changes });
    await repointReferences(m, tx, survivorId, mergedIds);
    const ctx = { tx, meta: m.meta, user: caller.user, lang: caller.lang };
    for (const hooks of allModuleHooks()) await hooks.mergeLinks?.[m.module]?.(ctx, survivorId, mergedIds);
    await tx.execute(sql`update crm_record_history set record_id = ${survivorId} where module = ${m.module} and record_id in ${mergedIds}`);
    // The merged records' files stay reachable: they go to the survivor.
    await createAttachmentsRepository(tx).moveToRecord(m.module, survivorId, mergedIds);
    await removeRecordsIn(m, tx, caller, mergedIds, {});
    const history = createRecordHistory(tx, m.module, { meta: m.meta, lang: caller.lang });
    await history.write(caller.user, [
      ...mergedIds.map((recordId) => ({ recordId, action: 'mergedInto' as const, newValue: survivorId })),
      { recordId: survivorId, action: 'merge', newValue: mergedIds.map((id) => `${d.nameFields.map((n) => byId.get(id)![n] ?? '').filter(Boolean).join(' ')} #${id}`) },
    ]);
  });
}
