import { sql, type SQL } from 'drizzle-orm';
import type { OwnerScope } from '@orbit/shared/contract/crm';
import { dataScopeFilter, inDeptAndBelow } from '../../../../lib/dataScope';
import type { CurrentUser } from '../../../auth/currentUser';
import { col } from './sql';

/**
 * Rows of a module table the user may see, by owner and owner's department (docs/architecture.md, "Data scope").
 * `alias`: the table's alias in a statement that joins several module tables (their columns would clash).
 */
export function recordScope(user: CurrentUser, alias?: string): SQL | undefined {
  const column = (name: string) => (alias ? sql`${sql.identifier(alias)}.${sql.identifier(name)}` : col(name));
  return dataScopeFilter(user, { dept: column('dept_id'), owner: column('owner_id') });
}

/**
 * "Mine / my team / all": a narrowing the user picks, always inside the data scope. Without a
 * department, "my team" is the user's own records.
 */
export function ownerScopeFilter(user: CurrentUser, scope: OwnerScope | undefined): SQL | undefined {
  if (scope === 'mine') return sql`${col('owner_id')} = ${user.userId}`;
  if (scope === 'team') return user.deptId === null ? sql`${col('owner_id')} = ${user.userId}` : inDeptAndBelow(col('dept_id'), user.deptId);
  return undefined;
}
