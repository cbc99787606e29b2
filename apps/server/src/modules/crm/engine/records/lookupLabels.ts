import { sql } from 'drizzle-orm';
import { labelIn } from '@orbit/shared/crm/labelIn';
import type { Language } from '@orbit/shared/constants';
import type { CrmRecord, HistoryRow, LookupLabels } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { CRM_MODULES, isCrmModule, type LookupTarget } from '@orbit/shared/crm/modules';
import type { Executor } from '../../../../db/client';
import type { CurrentUser } from '../../../auth/currentUser';
import type { FieldDef } from '../metadata/fieldDef';
import type { MetadataStore, ModuleDef } from '../metadata/moduleDef';
import { nameSeenBy } from '../query/recordName';
import { rowsOf, tableOf } from '../query/sql';

/** Ids of each kind of target a page refers to. */
type Refs = Map<LookupTarget, Set<number>>;

function addRef(refs: Refs, target: LookupTarget, id: unknown): void {
  if (typeof id !== 'number') return;
  if (!refs.has(target)) refs.set(target, new Set());
  refs.get(target)!.add(id);
}

/** The references one value of a field holds (a lookup's id, a related record). */
function addValueRefs(refs: Refs, field: FieldDef | undefined, value: FieldValue | undefined): void {
  if (!field || value === null || value === undefined) return;
  if (field.type === 'lookup' && field.lookupModule) addRef(refs, field.lookupModule, value);
  if (field.type === 'relatedRecord' && typeof value === 'object' && !Array.isArray(value)) addRef(refs, value.module as LookupTarget, value.id);
}

/**
 * Display names of everything a set of references points at, one query per kind of target (never
 * one per row): `lookups.user[7] = 'Olivia Park'`, `lookups.campaign[3] = 'Spring Webinar'`. A
 * business record the viewer may not see named is `null` (restricted, query/recordName.ts
 * `mayNameRecord`), decided in the same statement. People, departments and record types are
 * named for everyone (an owner is not a record under data scope).
 */
async function labelsOf(db: Executor, meta: MetadataStore, viewer: CurrentUser, refs: Refs, lang: Language): Promise<LookupLabels> {
  const labels: LookupLabels = {};
  for (const [target, idSet] of refs) {
    const ids = [...idSet];
    let rows: Array<{ id: unknown; label: unknown }> = [];
    if (target === 'user') rows = await rowsOf(db, sql`select user_id as id, nick_name as label from sys_user where user_id in ${ids}`);
    else if (target === 'dept') rows = await rowsOf(db, sql`select dept_id as id, dept_name as label from sys_dept where dept_id in ${ids}`);
    else if (target === 'recordType') {
      rows = CRM_MODULES.flatMap((m) => meta.module(m).recordTypes)
        .filter((t) => idSet.has(t.id))
        .map((t) => ({ id: t.id, label: labelIn(lang, t.labelEn, t.labelZh) }));
    } else if (isCrmModule(target)) {
      const def = meta.module(target);
      rows = await rowsOf(db, sql`select id, ${nameSeenBy(viewer, def)} as label from ${tableOf(def.table)} where id in ${ids}`);
    }
    labels[target] = Object.fromEntries(rows.map((r) => [String(r.id), r.label === null && isCrmModule(target) ? null : String(r.label ?? '')]));
  }
  return labels;
}

/** Display names of what a page of records points at (and of their owners). */
export async function lookupLabels(db: Executor, meta: MetadataStore, viewer: CurrentUser, records: CrmRecord[], fields: FieldDef[], lang: Language): Promise<LookupLabels> {
  const refs: Refs = new Map();
  for (const record of records) {
    addRef(refs, 'user', record.ownerId);
    for (const field of fields) addValueRefs(refs, field, record[field.name]);
  }
  return labelsOf(db, meta, viewer, refs, lang);
}

/** Display names of what a page of history points at: who made each change, and the old and new values of lookups. */
export async function historyLabels(db: Executor, meta: MetadataStore, viewer: CurrentUser, def: ModuleDef, rows: HistoryRow[], lang: Language): Promise<LookupLabels> {
  const refs: Refs = new Map();
  for (const row of rows) {
    addRef(refs, 'user', row.userId);
    const field = row.field ? def.byName.get(row.field) : undefined;
    addValueRefs(refs, field, row.oldValue);
    addValueRefs(refs, field, row.newValue);
  }
  return labelsOf(db, meta, viewer, refs, lang);
}

/** Display names of loose references (a meeting's attendees: users, leads, contacts), by the same rule. */
export async function referenceLabels(db: Executor, meta: MetadataStore, viewer: CurrentUser, references: Array<{ target: LookupTarget; id: number }>, lang: Language): Promise<LookupLabels> {
  const refs: Refs = new Map();
  for (const { target, id } of references) addRef(refs, target, id);
  return labelsOf(db, meta, viewer, refs, lang);
}
