import { sql } from 'drizzle-orm';
import { bigint, index, text } from 'drizzle-orm/pg-core';
import { isCrmModule } from '@orbit/shared/crm/modules';
import { idValue } from './common';
import { BadFilterValue, type ServerFieldType } from './fieldType';

const moduleCol = (column: string) => `${column}_module`;
const idCol = (column: string) => `${column}_id`;

/**
 * A record of one of several modules (a task's "related to"): two columns, the module and the id,
 * indexed together so "the tasks of this lead" is one index range.
 */
export const relatedRecordType: ServerFieldType = {
  columns: (column) => ({ [moduleCol(column)]: text(moduleCol(column)), [idCol(column)]: bigint(idCol(column), { mode: 'number' }) }),
  indexes: (table, column, _field, col, present) => [
    index(`${table}_${column}_idx`).on(col(moduleCol(column)), col(idCol(column)), col('id')).where(present),
  ],
  storedColumns: (column) => [moduleCol(column), idCol(column)],
  read(row, column) {
    const module = row[moduleCol(column)];
    const id = row[idCol(column)];
    return typeof module === 'string' && id !== null && id !== undefined ? { module, id: Number(id) } : null;
  },
  write(value, column) {
    const related = value as { module: string; id: number } | null;
    return { [moduleCol(column)]: related?.module ?? null, [idCol(column)]: related?.id ?? null };
  },
  condition(col, column, op, value) {
    switch (op) {
      case 'eq': {
        const related = value as { module?: unknown; id?: unknown } | null;
        if (!related || typeof related !== 'object' || !isCrmModule(related.module)) throw new BadFilterValue();
        return sql`${col(moduleCol(column))} = ${related.module} and ${col(idCol(column))} = ${idValue(related.id)}`;
      }
      case 'empty':
        return sql`${col(idCol(column))} is null`;
      case 'notEmpty':
        return sql`${col(idCol(column))} is not null`;
      default:
        throw new BadFilterValue();
    }
  },
};
