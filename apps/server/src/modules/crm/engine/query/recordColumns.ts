import { sql, type SQL } from 'drizzle-orm';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { FIELD_TYPE_REGISTRY } from '../fieldTypes/registry';
import { byFieldName } from '../records/ownValues';
import type { FieldDef } from '../metadata/fieldDef';
import { col } from './sql';

/** The engine's own columns that every answer carries (their fields are read-only or handled apart). */
const SYSTEM_COLUMNS = ['id', 'record_type_id', 'owner_id', 'dept_id', 'version', 'create_time', 'update_time', 'create_by', 'update_by'];

/** The select list for a set of fields, always with the system columns. */
export function selectList(fields: FieldDef[]): SQL {
  const columns = new Set(SYSTEM_COLUMNS);
  const computed: SQL[] = [];
  for (const field of fields) {
    // A formula the database does not store is computed in the SELECT, under its column's name.
    if (field.expression) computed.push(sql`${field.expression} as ${col(field.column)}`);
    else for (const c of FIELD_TYPE_REGISTRY[field.type].storedColumns(field.column)) columns.add(c);
  }
  return sql.join([...[...columns].map(col), ...computed], sql`, `);
}

const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const isoOrNull = (v: unknown) => (v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());

/** A database row as the wire's record: system keys, then one key per field (an object without a prototype: records/ownValues.ts). */
export function toRecord(row: Record<string, unknown>, fields: FieldDef[]): CrmRecord {
  const record = byFieldName<unknown>({
    id: Number(row.id),
    recordTypeId: idOrNull(row.record_type_id),
    ownerId: Number(row.owner_id),
    deptId: idOrNull(row.dept_id),
    version: Number(row.version),
    createTime: isoOrNull(row.create_time),
    updateTime: isoOrNull(row.update_time),
    createBy: idOrNull(row.create_by),
    updateBy: idOrNull(row.update_by),
  });
  for (const field of fields) {
    if (Object.hasOwn(record, field.name)) continue;
    record[field.name] = FIELD_TYPE_REGISTRY[field.type].read(row, field.column);
  }
  return record as CrmRecord;
}
