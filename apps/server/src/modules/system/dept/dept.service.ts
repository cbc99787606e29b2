import { eq } from 'drizzle-orm';
import type { SortUpdate } from '@orbit/shared/contract/common';
import type { CreateDeptBody, DeptListQuery, UpdateDeptBody } from '@orbit/shared/contract/dept';
import type { Db } from '../../../db/client';
import { DEL_FLAG_PRESENT, STATUS_DISABLED, STATUS_NORMAL } from '../../../db/schema/columns';
import { sysDept } from '../../../db/schema/organisation';
import { dataScopeFilter } from '../../../lib/dataScope';
import { badRequest, fieldError, notFound } from '../../../lib/errors';
import { allInScope, assertInScope, type ScopedTable } from '../../../lib/scopedIds';
import { toTreeSelect } from '../../../lib/tree';
import type { CurrentUser } from '../../auth/currentUser';
import { createDeptRepository, type DeptRecord } from './dept.repository';

/** The departments a user reaches: their data scope applied to the department table itself. */
export const deptScopeOf = (user: CurrentUser) => dataScopeFilter(user, { dept: sysDept.deptId });

/** Departments addressed by id: present ones only. */
export const deptsById: ScopedTable = { table: sysDept, id: sysDept.deptId, present: eq(sysDept.delFlag, DEL_FLAG_PRESENT) };

/** Department tree: ancestors kept in step, no cycles, no deleting what still has children or users. */
export function createDeptService(db: Db) {
  const repo = createDeptRepository(db);

  async function getInScope(user: CurrentUser, deptId: number): Promise<DeptRecord> {
    await assertInScope(db, deptsById, [deptId], deptScopeOf(user));
    const dept = await repo.findById(deptId);
    if (!dept) throw notFound();
    return dept;
  }

  /** A parent must be in reach; one beyond it is refused exactly as a missing one. */
  async function parentInScope(user: CurrentUser, parentId: number): Promise<DeptRecord> {
    const parent = await repo.findById(parentId);
    if (!parent || !(await allInScope(db, deptsById, [parentId], deptScopeOf(user)))) throw fieldError('parentId', 'validation.invalidValue');
    return parent;
  }

  return {
    get: getInScope,

    list: (user: CurrentUser, filter: DeptListQuery) => repo.list(filter, deptScopeOf(user)),

    /** For the parent picker of an edit: everything except the department and what lies below it. */
    async listExcluding(user: CurrentUser, deptId: number): Promise<DeptRecord[]> {
      await getInScope(user, deptId);
      const excluded = new Set([deptId, ...(await repo.descendantIds(deptId))]);
      return (await repo.list({}, deptScopeOf(user))).filter((d) => !excluded.has(d.deptId));
    },

    /** Enabled departments in reach, as `{ id, label, children }`. */
    async treeSelect(user: CurrentUser) {
      const rows = await repo.list({ status: STATUS_NORMAL }, deptScopeOf(user));
      return toTreeSelect(rows, (d) => ({ id: d.deptId, parentId: d.parentId, label: d.deptName }));
    },

    async create(user: CurrentUser, body: CreateDeptBody): Promise<number> {
      const parent = await parentInScope(user, body.parentId);
      if (parent.status !== STATUS_NORMAL) throw fieldError('parentId', 'dept.parentDisabled');
      if (await repo.nameTakenAmongSiblings(parent.deptId, body.deptName)) throw fieldError('deptName', 'dept.nameTaken', { value: body.deptName });
      return repo.insert({ ...body, ancestors: `${parent.ancestors},${parent.deptId}`, createBy: user.userName });
    },

    async update(user: CurrentUser, body: UpdateDeptBody): Promise<void> {
      const dept = await getInScope(user, body.deptId);
      let ancestors = dept.ancestors;
      if (body.parentId !== dept.parentId) {
        if (dept.parentId === 0 || body.parentId === 0) throw badRequest('dept.rootProtected');
        if (body.parentId === dept.deptId || (await repo.descendantIds(dept.deptId)).includes(body.parentId)) {
          throw fieldError('parentId', 'dept.parentCycle');
        }
        const parent = await parentInScope(user, body.parentId);
        ancestors = `${parent.ancestors},${parent.deptId}`;
      }
      if (await repo.nameTakenAmongSiblings(body.parentId, body.deptName, dept.deptId)) {
        throw fieldError('deptName', 'dept.nameTaken', { value: body.deptName });
      }
      if (body.status === STATUS_DISABLED && (await repo.hasEnabledChildren(dept.deptId))) throw fieldError('status', 'dept.hasEnabledChildren');
      const { deptId: _id, ...values } = body;
      await db.transaction(async (tx) => {
        const txRepo = createDeptRepository(tx);
        if (ancestors !== dept.ancestors) {
          await txRepo.rewriteAncestors(dept.deptId, `${dept.ancestors},${dept.deptId}`, `${ancestors},${dept.deptId}`);
        }
        await txRepo.update(dept.deptId, { ...values, ancestors, updateBy: user.userName, updateTime: new Date() });
        // An enabled department under a disabled parent would be unreachable in the pickers.
        if (body.status === STATUS_NORMAL) await txRepo.enableAncestors(ancestors);
      });
    },

    /** Saves the order of departments (RuoYi's sort saving): every one must be within reach, else nothing changes. */
    async saveOrder(user: CurrentUser, order: SortUpdate): Promise<void> {
      await assertInScope(db, deptsById, order.map((o) => o.id), deptScopeOf(user));
      await db.transaction(async (tx) => {
        const txRepo = createDeptRepository(tx);
        for (const { id, orderNum } of order) await txRepo.update(id, { orderNum, updateBy: user.userName, updateTime: new Date() });
      });
    },

    async remove(user: CurrentUser, deptId: number): Promise<void> {
      const dept = await getInScope(user, deptId);
      if (dept.parentId === 0) throw badRequest('dept.rootProtected');
      if (await repo.hasChildren(deptId)) throw badRequest('dept.hasChildren');
      if (await repo.hasUsers(deptId)) throw badRequest('dept.hasUsers');
      await repo.softDelete(deptId, user.userName);
    },
  };
}
