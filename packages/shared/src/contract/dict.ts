import { z } from 'zod';
import { requiredText, stringValue } from '../validation';
import { dateRangeQuery, id, nullableText, pageQuery, sortQuery, statusFilter, statusValue, textFilter } from './common';

export const DICT_TYPE_SORT_COLUMNS = ['dictId', 'dictName', 'dictType', 'status', 'createTime'] as const;
export const DICT_DATA_SORT_COLUMNS = ['dictCode', 'dictSort', 'dictLabel', 'dictValue', 'status', 'createTime'] as const;

const DICT_TYPE = /^[a-z][a-z0-9_]*$/;
export const dictTypeName = requiredText(100).regex(DICT_TYPE, { error: 'validation.wrongFormat' });

export const dictTypeListQuery = z.object({
  ...pageQuery,
  ...sortQuery(DICT_TYPE_SORT_COLUMNS),
  ...dateRangeQuery,
  dictName: textFilter(100),
  dictType: textFilter(100),
  status: statusFilter,
});
export type DictTypeListQuery = z.infer<typeof dictTypeListQuery>;

const dictTypeFields = { dictName: requiredText(100), dictType: dictTypeName, status: statusValue.default('0'), remark: nullableText(500) };
export const createDictTypeBody = z.object(dictTypeFields);
export type CreateDictTypeBody = z.infer<typeof createDictTypeBody>;
export const updateDictTypeBody = z.object({ ...dictTypeFields, dictId: id });
export type UpdateDictTypeBody = z.infer<typeof updateDictTypeBody>;

export const dictDataListQuery = z.object({
  ...pageQuery,
  ...sortQuery(DICT_DATA_SORT_COLUMNS),
  dictType: textFilter(100),
  dictLabel: textFilter(100),
  status: statusFilter,
});
export type DictDataListQuery = z.infer<typeof dictDataListQuery>;

const dictDataFields = {
  dictType: dictTypeName,
  dictLabel: requiredText(100),
  dictValue: requiredText(100),
  dictSort: z.coerce.number().int().min(0).max(9999).default(0),
  cssClass: nullableText(100),
  listClass: nullableText(100).transform((v) => v || 'default'),
  isDefault: z.enum(['Y', 'N']).default('N'),
  status: statusValue.default('0'),
  /** Structured extras: `labelZh` (the Chinese label), `probability` for opportunity stages… */
  extra: z
    .record(stringValue().max(50), z.union([stringValue().max(500), z.number(), z.boolean(), z.null()]))
    .refine((o) => Object.keys(o).length <= 20, { error: 'validation.invalidValue' })
    .nullish()
    .transform((v) => v ?? null),
  remark: nullableText(500),
};
export const createDictDataBody = z.object(dictDataFields);
export type CreateDictDataBody = z.infer<typeof createDictDataBody>;
export const updateDictDataBody = z.object({ ...dictDataFields, dictCode: id });
export type UpdateDictDataBody = z.infer<typeof updateDictDataBody>;

/** One value of `GET /system/dict/data/type/{type}`: `dictLabel` is in the request's language. */
export type DictValue = {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  listClass: string;
  cssClass: string;
  isDefault: string;
  status: string;
  extra: Record<string, unknown> | null;
};
