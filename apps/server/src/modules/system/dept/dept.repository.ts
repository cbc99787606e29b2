import { and, asc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DeptListQuery } from '@orbit/shared/contract/dept';
import type { Executor } from '../../../db/client';
import { DEL_FLAG_DELETED, DEL_FLAG_PRESENT, STATUS_NORMAL } from '../../../db/schema/columns';
import { sysDept, sysUser } from '../../../db/schema/organisation';
import { containsPattern } from '../../../lib/listQuery';

export type DeptRecord = typeof sysDept.$inferSelect;

const present = eq(sysDept.delFlag, DEL_FLAG_PRESENT);
/** Departments strictly below one: its id appears in their ancestors. */
const below = (deptId: number) => sql`${String(deptId)} = any(string_to_array(${sysDept.ancestors}, ','))`;

export function createDeptRepository(db: Executor) {
  return {
    async list(filter: DeptListQuery, scope: SQL | undefined): Promise<DeptRecord[]> {
      return db
        .select()
        .from(sysDept)
        .where(
          and(
            present,
            filter.deptName ? ilike(sysDept.deptName, containsPattern(filter.deptName)) : undefined,
            filter.status ? eq(sysDept.status, filter.status) : undefined,
            scope,
          ),
        )
        .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
    },

    async findById(deptId: number): Promise<DeptRecord | undefined> {
      const [row] = await db.select().from(sysDept).where(and(eq(sysDept.deptId, deptId), present)).limit(1);
      return row;
    },

    async descendantIds(deptId: number): Promise<number[]> {
      const rows = await db.select({ deptId: sysDept.deptId }).from(sysDept).where(and(present, below(deptId)));
      return rows.map((r) => r.deptId);
    },

    async nameTakenAmongSiblings(parentId: number, deptName: string, exceptId?: number): Promise<boolean> {
      const rows = await db
        .select({ deptId: sysDept.deptId })
        .from(sysDept)
        .where(and(present, eq(sysDept.parentId, parentId), sql`lower(${sysDept.deptName}) = lower(${deptName})`, exceptId ? ne(sysDept.deptId, exceptId) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async hasChildren(deptId: number): Promise<boolean> {
      const rows = await db.select({ deptId: sysDept.deptId }).from(sysDept).where(and(present, eq(sysDept.parentId, deptId))).limit(1);
      return rows.length > 0;
    },

    async hasEnabledChildren(deptId: number): Promise<boolean> {
      const rows = await db
        .select({ deptId: sysDept.deptId })
        .from(sysDept)
        .where(and(present, below(deptId), eq(sysDept.status, STATUS_NORMAL)))
        .limit(1);
      return rows.length > 0;
    },

    async hasUsers(deptId: number): Promise<boolean> {
      const rows = await db
        .select({ userId: sysUser.userId })
        .from(sysUser)
        .where(and(eq(sysUser.deptId, deptId), eq(sysUser.delFlag, DEL_FLAG_PRESENT)))
        .limit(1);
      return rows.length > 0;
    },

    async insert(values: typeof sysDept.$inferInsert): Promise<number> {
      const [row] = await db.insert(sysDept).values(values).returning({ deptId: sysDept.deptId });
      return row!.deptId;
    },

    async update(deptId: number, values: Partial<typeof sysDept.$inferInsert>): Promise<void> {
      await db.update(sysDept).set(values).where(eq(sysDept.deptId, deptId));
    },

    /** After a move: every department below gets the new chain in front of its own remainder. */
    async rewriteAncestors(deptId: number, oldPrefix: string, newPrefix: string): Promise<void> {
      await db
        .update(sysDept)
        .set({ ancestors: sql`${newPrefix} || substr(${sysDept.ancestors}, ${oldPrefix.length + 1})` })
        .where(and(present, below(deptId)));
    },

    async enableAncestors(ancestors: string): Promise<void> {
      const ids = ancestors.split(',').map(Number).filter((n) => n > 0);
      if (ids.length) await db.update(sysDept).set({ status: STATUS_NORMAL }).where(inArray(sysDept.deptId, ids));
    },

    async softDelete(deptId: number, by: string): Promise<void> {
      await db.update(sysDept).set({ delFlag: DEL_FLAG_DELETED, updateBy: by, updateTime: new Date() }).where(eq(sysDept.deptId, deptId));
    },
  };
}
