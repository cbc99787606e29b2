import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type { DictDataListQuery, DictTypeListQuery } from '@orbit/shared/contract/dict';
import type { Executor } from '../../../db/client';
import { STATUS_NORMAL } from '../../../db/schema/columns';
import { sysDictData, sysDictType } from '../../../db/schema/dict';
import { containsPattern, dateRangeOf, offsetOf, orderByOf, toCount } from '../../../lib/listQuery';

export type DictTypeRecord = typeof sysDictType.$inferSelect;
export type DictDataRecord = typeof sysDictData.$inferSelect;

const typeSort = {
  dictId: sysDictType.dictId,
  dictName: sysDictType.dictName,
  dictType: sysDictType.dictType,
  status: sysDictType.status,
  createTime: sysDictType.createTime,
};
const dataSort = {
  dictCode: sysDictData.dictCode,
  dictSort: sysDictData.dictSort,
  dictLabel: sysDictData.dictLabel,
  dictValue: sysDictData.dictValue,
  status: sysDictData.status,
  createTime: sysDictData.createTime,
};

async function page<T>(db: Executor, table: typeof sysDictType | typeof sysDictData, where: SQL | undefined, rows: () => Promise<T[]>) {
  const total = toCount(await db.select({ count: count() }).from(table).where(where));
  return { total, rows: await rows() };
}

export function createDictRepository(db: Executor) {
  return {
    listTypes(query: DictTypeListQuery) {
      const where = and(
        query.dictName ? ilike(sysDictType.dictName, containsPattern(query.dictName)) : undefined,
        query.dictType ? ilike(sysDictType.dictType, containsPattern(query.dictType)) : undefined,
        query.status ? eq(sysDictType.status, query.status) : undefined,
        dateRangeOf(sysDictType.createTime, query),
      );
      return page(db, sysDictType, where, () =>
        db
          .select()
          .from(sysDictType)
          .where(where)
          .orderBy(...orderByOf(typeSort, query, [sysDictType.dictId], 'asc'))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
      );
    },

    allTypes: () => db.select().from(sysDictType).orderBy(asc(sysDictType.dictId)),

    async findType(dictId: number): Promise<DictTypeRecord | undefined> {
      const [row] = await db.select().from(sysDictType).where(eq(sysDictType.dictId, dictId)).limit(1);
      return row;
    },

    async findTypesByIds(dictIds: number[]): Promise<DictTypeRecord[]> {
      return dictIds.length ? db.select().from(sysDictType).where(inArray(sysDictType.dictId, dictIds)) : [];
    },

    async typeTaken(dictType: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ dictId: sysDictType.dictId })
        .from(sysDictType)
        .where(and(eq(sysDictType.dictType, dictType), exceptId ? ne(sysDictType.dictId, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async typeExists(dictType: string): Promise<boolean> {
      return (await db.select({ dictId: sysDictType.dictId }).from(sysDictType).where(eq(sysDictType.dictType, dictType)).limit(1)).length > 0;
    },

    async dataCount(dictType: string): Promise<number> {
      return toCount(await db.select({ count: count() }).from(sysDictData).where(eq(sysDictData.dictType, dictType)));
    },

    async insertType(values: typeof sysDictType.$inferInsert): Promise<number> {
      const [row] = await db.insert(sysDictType).values(values).returning({ dictId: sysDictType.dictId });
      return row!.dictId;
    },

    async updateType(dictId: number, values: Partial<typeof sysDictType.$inferInsert>): Promise<void> {
      await db.update(sysDictType).set(values).where(eq(sysDictType.dictId, dictId));
    },

    async renameDataType(from: string, to: string): Promise<void> {
      await db.update(sysDictData).set({ dictType: to }).where(eq(sysDictData.dictType, from));
    },

    async deleteTypes(dictIds: number[]): Promise<void> {
      await db.delete(sysDictType).where(inArray(sysDictType.dictId, dictIds));
    },

    listData(query: DictDataListQuery) {
      const where = and(
        query.dictType ? eq(sysDictData.dictType, query.dictType) : undefined,
        query.dictLabel ? ilike(sysDictData.dictLabel, containsPattern(query.dictLabel)) : undefined,
        query.status ? eq(sysDictData.status, query.status) : undefined,
      );
      return page(db, sysDictData, where, () =>
        db
          .select()
          .from(sysDictData)
          .where(where)
          .orderBy(...orderByOf(dataSort, query, [sysDictData.dictSort, sysDictData.dictCode], 'asc'))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
      );
    },

    /** The enabled values of one dictionary, in order. */
    valuesOf(dictType: string): Promise<DictDataRecord[]> {
      return db
        .select()
        .from(sysDictData)
        .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, STATUS_NORMAL)))
        .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
    },

    async findData(dictCode: number): Promise<DictDataRecord | undefined> {
      const [row] = await db.select().from(sysDictData).where(eq(sysDictData.dictCode, dictCode)).limit(1);
      return row;
    },

    async valueTaken(dictType: string, dictValue: string, exceptCode?: number): Promise<boolean> {
      const rows = await db
        .select({ dictCode: sysDictData.dictCode })
        .from(sysDictData)
        .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.dictValue, dictValue), exceptCode ? ne(sysDictData.dictCode, exceptCode) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async insertData(values: typeof sysDictData.$inferInsert): Promise<number> {
      const [row] = await db.insert(sysDictData).values(values).returning({ dictCode: sysDictData.dictCode });
      return row!.dictCode;
    },

    async updateData(dictCode: number, values: Partial<typeof sysDictData.$inferInsert>): Promise<void> {
      await db.update(sysDictData).set(values).where(eq(sysDictData.dictCode, dictCode));
    },

    async deleteData(dictCodes: number[]): Promise<void> {
      await db.delete(sysDictData).where(inArray(sysDictData.dictCode, dictCodes));
    },
  };
}
