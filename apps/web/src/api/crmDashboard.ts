import type { CreateDashboardBody, DashboardData, DashboardMeta } from '@orbit/shared/contract/dashboard';
import { request } from './request';

/** Dashboards (docs/reports.md, "Dashboards"). */
type Data<T> = { code: number; msg: string; data: T };
export type DashboardFilter = { from?: string; to?: string; owners?: string };

export const listDashboards = () => request<Data<DashboardMeta[]>>({ url: '/crm/dashboard/list' });
export const getDashboardData = (id: number, filter: DashboardFilter) => request<Data<DashboardData>>({ url: `/crm/dashboard/${id}/data`, params: filter });
export const createDashboard = (body: CreateDashboardBody) => request<Data<number>>({ url: '/crm/dashboard', method: 'POST', data: body });
export const updateDashboard = (body: CreateDashboardBody & { id: number }) => request({ url: '/crm/dashboard', method: 'PUT', data: body });
export const deleteDashboard = (id: number) => request({ url: `/crm/dashboard/${id}`, method: 'DELETE' });
