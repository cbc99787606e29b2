import { eq } from 'drizzle-orm';
import { DEL_FLAG_PRESENT } from '../../../db/schema/columns';
import { sysUser } from '../../../db/schema/organisation';
import { dataScopeFilter } from '../../../lib/dataScope';
import type { ScopedTable } from '../../../lib/scopedIds';
import type { CurrentUser } from '../../auth/currentUser';

/** Users a caller reaches: their data scope on the user table, a user's "owner" being themself. */
export const userScopeOf = (user: CurrentUser) => dataScopeFilter(user, { dept: sysUser.deptId, owner: sysUser.userId });

/** Users addressed by id: present ones only. */
export const usersById: ScopedTable = { table: sysUser, id: sysUser.userId, present: eq(sysUser.delFlag, DEL_FLAG_PRESENT) };
