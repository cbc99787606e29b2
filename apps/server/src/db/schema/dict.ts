import { bigint, char, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';

export const sysDictType = pgTable(
  'sys_dict_type',
  {
    dictId: bigint('dict_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    dictName: text('dict_name').notNull(),
    dictType: text('dict_type').notNull(),
    status: char('status', { length: 1 }).notNull().default('0'),
    remark: text('remark').notNull().default(''),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_dict_type_uq').on(t.dictType)],
);

export const sysDictData = pgTable(
  'sys_dict_data',
  {
    dictCode: bigint('dict_code', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    dictSort: integer('dict_sort').notNull().default(0),
    dictLabel: text('dict_label').notNull(),
    dictValue: text('dict_value').notNull(),
    dictType: text('dict_type').notNull(),
    cssClass: text('css_class').notNull().default(''),
    listClass: text('list_class').notNull().default('default'),
    isDefault: char('is_default', { length: 1 }).notNull().default('N'),
    status: char('status', { length: 1 }).notNull().default('0'),
    /** Structured extras of a value, e.g. `{ "probability": 40 }` for an opportunity stage. */
    extra: jsonb('extra').$type<Record<string, unknown>>(),
    remark: text('remark').notNull().default(''),
    ...auditColumns,
  },
  (t) => [
    index('sys_dict_data_type_idx').on(t.dictType, t.dictSort),
    uniqueIndex('sys_dict_data_value_uq').on(t.dictType, t.dictValue),
  ],
);
