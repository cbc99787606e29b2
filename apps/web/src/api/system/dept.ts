import type { CreateDeptBody, DeptRow, UpdateDeptBody } from '@orbit/shared/contract/dept';
import { request } from '../request';

/** Flat list; the page nests it by parentId. */
export const listDepts = (params: { deptName?: string; status?: string }) => request<{ data: DeptRow[] }>({ url: '/system/dept/list', params });

/** Every department except this one and its descendants: the parents it may move under. */
export const listDeptsExcluding = (deptId: number) => request<{ data: DeptRow[] }>({ url: `/system/dept/list/exclude/${deptId}` });

export const getDept = (deptId: number) => request<{ data: DeptRow }>({ url: `/system/dept/${deptId}` });
export const addDept = (data: CreateDeptBody) => request({ url: '/system/dept', method: 'POST', data });
export const updateDept = (data: UpdateDeptBody) => request({ url: '/system/dept', method: 'PUT', data });
export const deleteDept = (deptId: number) => request({ url: `/system/dept/${deptId}`, method: 'DELETE' });
