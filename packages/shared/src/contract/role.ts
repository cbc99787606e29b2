import { z } from 'zod';
import { oneOf, requiredText, stringValue } from '../validation';
import { dateRangeQuery, id, jsonId, nullableText, pageQuery, sortQuery, statusFilter, statusValue, textFilter } from './common';

export const ROLE_SORT_COLUMNS = ['roleId', 'roleName', 'roleKey', 'roleSort', 'status', 'createTime'] as const;
export const DATA_SCOPES = ['1', '2', '3', '4', '5'] as const;

export const roleListQuery = z.object({
  ...pageQuery,
  ...sortQuery(ROLE_SORT_COLUMNS),
  ...dateRangeQuery,
  roleName: textFilter(30),
  roleKey: textFilter(100),
  status: statusFilter,
});
export type RoleListQuery = z.infer<typeof roleListQuery>;

const ROLE_KEY = /^[A-Za-z][A-Za-z0-9_:.-]*$/;
const roleFields = {
  roleName: requiredText(30),
  roleKey: requiredText(100).regex(ROLE_KEY, { error: 'validation.wrongFormat' }),
  roleSort: z.coerce.number().int().min(0).max(9999).default(0),
  status: statusValue.default('0'),
  menuIds: z.array(id).max(2000).default([]),
  menuCheckStrictly: z.boolean().default(true),
  deptCheckStrictly: z.boolean().default(true),
  remark: nullableText(500),
  /** The shared or built-in dashboard the role's holders land on; null: the home page; left out: unchanged. */
  defaultDashboardId: jsonId.nullable().optional(),
};
export const createRoleBody = z.object({ ...roleFields });
export type CreateRoleBody = z.infer<typeof createRoleBody>;
export const updateRoleBody = z.object({ ...roleFields, roleId: id });
export type UpdateRoleBody = z.infer<typeof updateRoleBody>;

export const roleDataScopeBody = z.object({
  roleId: id,
  dataScope: oneOf(DATA_SCOPES),
  deptIds: z.array(id).max(2000).default([]),
  deptCheckStrictly: z.boolean().default(true),
});
export type RoleDataScopeBody = z.infer<typeof roleDataScopeBody>;

export const roleStatusBody = z.object({ roleId: id, status: statusValue });

export const authUserListQuery = z.object({
  ...pageQuery,
  roleId: id,
  userName: textFilter(30),
  phonenumber: textFilter(20),
});
export type AuthUserListQuery = z.infer<typeof authUserListQuery>;

export const authUserCancelBody = z.object({ userId: id, roleId: id });
export const authUserBatchQuery = z.object({
  roleId: id,
  userIds: stringValue().regex(/^\d{1,15}(,\d{1,15}){0,499}$/, { error: 'validation.invalidValue' }),
});

export type RoleRow = {
  roleId: number;
  roleName: string;
  roleKey: string;
  roleSort: number;
  dataScope: string;
  menuCheckStrictly: boolean;
  deptCheckStrictly: boolean;
  status: string;
  remark: string;
  defaultDashboardId: number | null;
  createTime: string;
  admin: boolean;
};
