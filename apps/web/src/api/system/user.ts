import type { PageRows, TreeSelectNode } from '@orbit/shared/contract/common';
import type { RoleRow } from '@orbit/shared/contract/role';
import type { CreateUserBody, UpdateUserBody, UserRow } from '@orbit/shared/contract/user';
import { request } from '../request';
import type { PageParams } from './common';

export type UserListParams = PageParams & { userName?: string; phonenumber?: string; status?: string; deptId?: number };
export type UserDetail = { code: number; msg: string; data?: UserRow; roleIds?: number[]; roles: RoleRow[] };
export type UserForm = CreateUserBody | UpdateUserBody;

export const listUsers = (params: UserListParams) => request<PageRows<UserRow>>({ url: '/system/user/list', params });

/** One user with its role ids, and the roles the caller may assign. */
export const getUser = (userId: number) => request<UserDetail>({ url: `/system/user/${userId}` });

/** The roles the caller may assign to a new user. */
export const getUserFormOptions = () => request<UserDetail>({ url: '/system/user/' });

export const addUser = (data: CreateUserBody) => request({ url: '/system/user', method: 'POST', data });
export const updateUser = (data: UpdateUserBody) => request({ url: '/system/user', method: 'PUT', data });
export const deleteUsers = (userIds: number[]) => request({ url: `/system/user/${userIds.join(',')}`, method: 'DELETE' });

export const resetUserPassword = (userId: number, password: string) =>
  request({ url: '/system/user/resetPwd', method: 'PUT', data: { userId, password } });

export const changeUserStatus = (userId: number, status: string) =>
  request({ url: '/system/user/changeStatus', method: 'PUT', data: { userId, status } });

/** The departments the caller can see, as a tree for the filter and the department picker. */
export const getDeptTree = () => request<{ data: TreeSelectNode[] }>({ url: '/system/user/deptTree' });

/** Replaces the roles a user holds (the "assign roles" dialog). */
export const assignUserRoles = (userId: number, roleIds: number[]) =>
  request({ url: '/system/user/authRole', method: 'PUT', params: { userId, roleIds: roleIds.join(',') } });
