import type { FieldType } from '@orbit/shared/crm/fieldTypes';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { CrmModule, LookupTarget } from '@orbit/shared/crm/modules';
import type { MessageKey } from '@orbit/shared/messages';

/**
 * A standard field as a module declares it: the one description from which come its column and
 * indexes (db/schema/crmRecords.ts), its metadata row (reconciled at start-up) and so everything
 * the engine does with it.
 */
export type FieldSeed = {
  name: string;
  type: FieldType;
  en: string;
  zh: string;
  /** snake_case of the name unless given. */
  column?: string;
  required?: boolean;
  requiredMessage?: MessageKey;
  unique?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  decimals?: number;
  dictType?: string;
  lookupModule?: LookupTarget;
  relatedModules?: CrmModule[];
  /** Default: every type that can be sorted is sortable, every field is filterable. */
  sortable?: boolean;
  filterable?: boolean;
  searchable?: boolean;
  defaultValue?: FieldValue;
  help?: { en: string; zh: string };
};

/** The engine's own columns, present in every module, described as fields so lists, filters and forms treat them alike. */
export type SystemFieldSeed = FieldSeed & { system: true };

export const columnOf = (field: Pick<FieldSeed, 'name' | 'column'>): string =>
  field.column ?? field.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** System fields of every module; a module may relabel one (a task's owner is "Assigned To"). */
export function systemFields(labels: Partial<Record<'ownerId', { en: string; zh: string }>> = {}): SystemFieldSeed[] {
  const owner = labels.ownerId ?? { en: 'Owner', zh: '负责人' };
  return [
    { system: true, name: 'recordTypeId', type: 'lookup', lookupModule: 'recordType', en: 'Record Type', zh: '记录类型' },
    { system: true, name: 'ownerId', type: 'lookup', lookupModule: 'user', ...owner, required: true },
    { system: true, name: 'deptId', type: 'lookup', lookupModule: 'dept', en: 'Department', zh: '所属部门', readOnly: true, sortable: false },
    { system: true, name: 'createTime', type: 'datetime', en: 'Created', zh: '创建时间', readOnly: true },
    { system: true, name: 'createBy', type: 'lookup', lookupModule: 'user', en: 'Created By', zh: '创建人', readOnly: true, sortable: false },
    { system: true, name: 'updateTime', type: 'datetime', en: 'Last Modified', zh: '最后修改时间', readOnly: true },
    { system: true, name: 'updateBy', type: 'lookup', lookupModule: 'user', en: 'Last Modified By', zh: '最后修改人', readOnly: true, sortable: false, filterable: false },
  ];
}
