import type { CreateDashboardBody, DashboardData, DashboardMeta } from '@orbit/shared/contract/dashboard';
import { request } from './request';

/** Dashboards (docs/reports.md, "Dashboards"). */
type Data<T> = { code: number; msg: string; data: T };
export type DashboardFilter = { from?: string; to?: string; owners?: string };

export const listDashboards = () => request<Data<DashboardMeta[]>>({ url: '/crm/dashboard/list' });
/** `showError` false: a refusal is the caller's to tell (a guess at the dashboard that opens, views/crm/dashboard/preloadDashboard.ts). */
export const getDashboardData = (id: number, filter: DashboardFilter, showError = true) =>
  request<Data<DashboardData>>({ url: `/crm/dashboard/${id}/data`, params: filter, showError });
export const createDashboard = (body: CreateDashboardBody) => request<Data<number>>({ url: '/crm/dashboard', method: 'POST', data: body });
export const updateDashboard = (body: CreateDashboardBody & { id: number }) => request({ url: '/crm/dashboard', method: 'PUT', data: body });
export const deleteDashboard = (id: number) => request({ url: `/crm/dashboard/${id}`, method: 'DELETE' });
