import type { ModuleAccess, ModuleSharingRow, RecordSharing, RecordTeam, ShareRecipient, SharingRule, SharingRuleBody, TeamModule, TeamRole } from '@orbit/shared/contract/sharing';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { request } from './request';

/** Sharing beyond the role's data scope (docs/architecture.md, "Sharing"): module defaults and a record's shares. */
type Data<T> = { code: number; msg: string; data: T };

export const listModuleSharing = () => request<Data<ModuleSharingRow[]>>({ url: '/setup/sharing' });
export const setModuleSharing = (module: CrmModule, access: ModuleAccess) => request({ url: '/setup/sharing', method: 'PUT', data: { module, access } });

export const getRecordSharing = (module: CrmModule, id: number) => request<Data<RecordSharing>>({ url: `/crm/${module}/${id}/sharing` });
export const addRecordShare = (module: CrmModule, id: number, body: { recipientKind: ShareRecipient; recipientId: number; canWrite: boolean }) =>
  request({ url: `/crm/${module}/${id}/sharing`, method: 'POST', data: body });
export const removeRecordShare = (module: CrmModule, id: number, shareId: number) => request({ url: `/crm/${module}/${id}/sharing/${shareId}`, method: 'DELETE' });
export const listShareRecipients = (kind: 'role' | 'dept') => request<Data<Array<{ id: number; label: string }>>>({ url: '/crm/sharing/recipients', params: { kind } });

export const getRecordTeam = (module: TeamModule, id: number) => request<Data<RecordTeam>>({ url: `/crm/${module}/${id}/team` });
export const addTeamMember = (module: TeamModule, id: number, body: { userId: number; teamRole: TeamRole; canWrite: boolean }) =>
  request({ url: `/crm/${module}/${id}/team`, method: 'POST', data: body });
export const removeTeamMember = (module: TeamModule, id: number, memberId: number) => request({ url: `/crm/${module}/${id}/team/${memberId}`, method: 'DELETE' });

export const listSharingRules = () => request<Data<SharingRule[]>>({ url: '/setup/sharing/rules' });
export const createSharingRule = (body: SharingRuleBody) => request<Data<number>>({ url: '/setup/sharing/rules', method: 'POST', data: body });
export const updateSharingRule = (id: number, body: SharingRuleBody) => request<Data<number>>({ url: `/setup/sharing/rules/${id}`, method: 'PUT', data: body });
export const deleteSharingRule = (id: number) => request({ url: `/setup/sharing/rules/${id}`, method: 'DELETE' });
