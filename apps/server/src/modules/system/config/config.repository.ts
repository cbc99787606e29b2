import { and, count, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { ConfigListQuery } from '@orbit/shared/contract/config';
import type { Executor } from '../../../db/client';
import { sysConfig } from '../../../db/schema/settings';
import { containsPattern, dateRangeOf, offsetOf, orderByOf, toCount } from '../../../lib/listQuery';

export type ConfigRecord = typeof sysConfig.$inferSelect;

const sortable = {
  configId: sysConfig.configId,
  configName: sysConfig.configName,
  configKey: sysConfig.configKey,
  configType: sysConfig.configType,
  createTime: sysConfig.createTime,
};

/** Rows of `sys_config`: the list with RuoYi's filters, by id, by key. */
export function createConfigRepository(db: Executor) {
  const filter = (query: Omit<ConfigListQuery, 'pageNum' | 'pageSize'>) =>
    and(
      query.configName ? ilike(sysConfig.configName, containsPattern(query.configName)) : undefined,
      query.configKey ? ilike(sysConfig.configKey, containsPattern(query.configKey)) : undefined,
      query.configType ? eq(sysConfig.configType, query.configType) : undefined,
      dateRangeOf(sysConfig.createTime, query),
    );
  return {
    async list(query: ConfigListQuery) {
      const where = filter(query);
      const total = toCount(await db.select({ count: count() }).from(sysConfig).where(where));
      const rows = await db
        .select()
        .from(sysConfig)
        .where(where)
        .orderBy(...orderByOf(sortable, query, [sysConfig.configId], 'asc'))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return { total, rows };
    },
    async findById(configId: number): Promise<ConfigRecord | undefined> {
      const [row] = await db.select().from(sysConfig).where(eq(sysConfig.configId, configId)).limit(1);
      return row;
    },
    async findByIds(configIds: number[]): Promise<ConfigRecord[]> {
      return configIds.length ? db.select().from(sysConfig).where(inArray(sysConfig.configId, configIds)) : [];
    },
    async findByKey(configKey: string): Promise<ConfigRecord | undefined> {
      const [row] = await db.select().from(sysConfig).where(eq(sysConfig.configKey, configKey)).limit(1);
      return row;
    },
    async keyTaken(configKey: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ id: sysConfig.configId })
        .from(sysConfig)
        .where(and(eq(sysConfig.configKey, configKey), exceptId ? ne(sysConfig.configId, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },
    async insert(values: typeof sysConfig.$inferInsert): Promise<number> {
      const [row] = await db.insert(sysConfig).values(values).returning({ configId: sysConfig.configId });
      return row!.configId;
    },
    async update(configId: number, values: Partial<typeof sysConfig.$inferInsert>): Promise<void> {
      await db.update(sysConfig).set(values).where(eq(sysConfig.configId, configId));
    },
    async remove(configIds: number[]): Promise<void> {
      await db.delete(sysConfig).where(inArray(sysConfig.configId, configIds));
    },
  };
}
