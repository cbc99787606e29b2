import type { CreateReportBody, ExportReportBody, ReportMeta, ReportResult, ReportShareTargets, UpdateReportBody } from '@orbit/shared/contract/report';
import type { ReportDefinition } from '@orbit/shared/crm/report';
import { request } from './request';

/** Saved reports (docs/reports.md, "API"). */
type Data<T> = { code: number; msg: string; data: T };
type Page<T> = { code: number; msg: string; total: number; rows: T[] };

export type ReportListParams = { pageNum: number; pageSize: number; name?: string; kind?: 'templates' | 'reports' | 'all' };
export type RunParams = { pageNum: number; pageSize: number; from?: string; to?: string; owners?: string };

export const listReports = (params: ReportListParams) => request<Page<ReportMeta>>({ url: '/crm/report/list', params });
export const getReport = (id: number) => request<Data<ReportMeta>>({ url: `/crm/report/${id}` });
export const runReport = (id: number, params: RunParams) => request<Data<ReportResult>>({ url: `/crm/report/${id}/run`, params });
export const previewReport = (definition: ReportDefinition) => request<Data<ReportResult>>({ url: '/crm/report/preview', method: 'POST', data: { definition }, showError: false });
export const createReport = (body: CreateReportBody) => request<Data<number>>({ url: '/crm/report', method: 'POST', data: body });
export const updateReport = (body: UpdateReportBody) => request({ url: '/crm/report', method: 'PUT', data: body });
export const copyReport = (id: number, name: string) => request<Data<number>>({ url: '/crm/report/copy', method: 'POST', data: { id, name } });
export const deleteReports = (ids: number[]) => request({ url: `/crm/report/${ids.join(',')}`, method: 'DELETE' });
export const getShareTargets = () => request<Data<ReportShareTargets>>({ url: '/crm/report/shareTargets' });
/** Queues the report's export to an xlsx file in the file centre. */
export const exportReport = (id: number, body: ExportReportBody) => request<Data<{ fileId: number }>>({ url: `/crm/report/${id}/export`, method: 'POST', data: body });
