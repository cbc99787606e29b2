import type { CreateMenuBody, MenuRow, UpdateMenuBody } from '@orbit/shared/contract/menu';
import { request } from '../request';

/** Flat list; the page nests it by parentId. */
export const listMenus = (params: { menuName?: string; status?: string; visible?: string }) => request<{ data: MenuRow[] }>({ url: '/system/menu/list', params });
export const getMenu = (menuId: number) => request<{ data: MenuRow }>({ url: `/system/menu/${menuId}` });
export const addMenu = (data: CreateMenuBody) => request({ url: '/system/menu', method: 'POST', data });
export const updateMenu = (data: UpdateMenuBody) => request({ url: '/system/menu', method: 'PUT', data });
export const deleteMenu = (menuId: number) => request({ url: `/system/menu/${menuId}`, method: 'DELETE' });
