import type { PageRows, TreeSelectNode } from '@orbit/shared/contract/common';
import type { CreateRoleBody, RoleDataScopeBody, RoleRow, UpdateRoleBody } from '@orbit/shared/contract/role';
import type { UserRow } from '@orbit/shared/contract/user';
import { request } from '../request';
import type { PageParams } from './common';

export type RoleListParams = PageParams & { roleName?: string; roleKey?: string; status?: string };

export const listRoles = (params: RoleListParams) => request<PageRows<RoleRow>>({ url: '/system/role/list', params });
/** Shared and built-in dashboards, the ones a role may land on. */
export const getRoleDashboardOptions = () => request<{ data: Array<{ id: number; name: string }> }>({ url: '/system/role/dashboardOptions' });
export const getRole = (roleId: number) => request<{ data: RoleRow }>({ url: `/system/role/${roleId}` });
export const addRole = (data: CreateRoleBody) => request({ url: '/system/role', method: 'POST', data });
export const updateRole = (data: UpdateRoleBody) => request({ url: '/system/role', method: 'PUT', data });
export const deleteRoles = (roleIds: number[]) => request({ url: `/system/role/${roleIds.join(',')}`, method: 'DELETE' });

export const changeRoleStatus = (roleId: number, status: string) =>
  request({ url: '/system/role/changeStatus', method: 'PUT', data: { roleId, status } });

export const saveRoleDataScope = (data: RoleDataScopeBody) => request({ url: '/system/role/dataScope', method: 'PUT', data });

/** The whole menu tree (for a new role). */
export const getMenuTreeSelect = () => request<{ data: TreeSelectNode[] }>({ url: '/system/menu/treeselect' });

/** The menu tree and the menus a role grants. */
export const getRoleMenuTree = (roleId: number) =>
  request<{ menus: TreeSelectNode[]; checkedKeys: number[] }>({ url: `/system/role/roleMenuTreeselect/${roleId}` });

/** The department tree and the departments of a role's custom data scope. */
export const getRoleDeptTree = (roleId: number) =>
  request<{ depts: TreeSelectNode[]; checkedKeys: number[] }>({ url: `/system/role/deptTree/${roleId}` });

export type RoleUserParams = { roleId: number; pageNum: number; pageSize: number; userName?: string; phonenumber?: string };

/** The users holding a role. */
export const listRoleUsers = (params: RoleUserParams) => request<PageRows<UserRow>>({ url: '/system/role/authUser/allocatedList', params });

/** Users within the caller's data scope who do not hold the role yet. */
export const listUsersWithoutRole = (params: RoleUserParams) =>
  request<PageRows<UserRow>>({ url: '/system/role/authUser/unallocatedList', params });

export const cancelRoleUser = (roleId: number, userId: number) =>
  request({ url: '/system/role/authUser/cancel', method: 'PUT', data: { roleId, userId } });

export const cancelRoleUsers = (roleId: number, userIds: number[]) =>
  request({ url: '/system/role/authUser/cancelAll', method: 'PUT', params: { roleId, userIds: userIds.join(',') } });

export const addRoleUsers = (roleId: number, userIds: number[]) =>
  request({ url: '/system/role/authUser/selectAll', method: 'PUT', params: { roleId, userIds: userIds.join(',') } });
