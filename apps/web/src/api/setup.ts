import type { CreateFieldBody, CreateRecordTypeBody, FieldUsage, SetupModule, UpdateFieldBody, UpdateLayoutBody, UpdateRecordTypeBody } from '@orbit/shared/contract/setup';
import type { DuplicateRule, DuplicateRuleBody } from '@orbit/shared/contract/duplicates';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { request } from './request';

/** The set-up screens' calls (docs/setup.md): fields, record types, page layouts and list columns of a module. */
type Data<T> = { code: number; msg: string; data: T };

export const getSetupModule = (module: CrmModule) => request<Data<SetupModule>>({ url: `/setup/${module}` });
export const listDictionaries = () => request<Data<Array<{ dictType: string; dictName: string }>>>({ url: '/setup/dictionaries' });

export const createField = (module: CrmModule, body: CreateFieldBody) => request<Data<number>>({ url: `/setup/${module}/fields`, method: 'POST', data: body });
export const updateField = (module: CrmModule, name: string, body: UpdateFieldBody) => request({ url: `/setup/${module}/fields/${name}`, method: 'PUT', data: body });
export const fieldUsage = (module: CrmModule, name: string) => request<Data<FieldUsage>>({ url: `/setup/${module}/fields/${name}/usage` });
export const deleteField = (module: CrmModule, name: string) => request({ url: `/setup/${module}/fields/${name}`, method: 'DELETE' });

export const createRecordType = (module: CrmModule, body: CreateRecordTypeBody) => request<Data<number>>({ url: `/setup/${module}/recordTypes`, method: 'POST', data: body });
export const updateRecordType = (module: CrmModule, id: number, body: UpdateRecordTypeBody) => request({ url: `/setup/${module}/recordTypes/${id}`, method: 'PUT', data: body });

export const copyLayout = (module: CrmModule, fromId: number, name: string) => request<Data<number>>({ url: `/setup/${module}/layouts`, method: 'POST', data: { fromId, name } });
export const updateLayout = (module: CrmModule, id: number, body: UpdateLayoutBody) => request({ url: `/setup/${module}/layouts/${id}`, method: 'PUT', data: body });
export const deleteLayout = (module: CrmModule, id: number) => request({ url: `/setup/${module}/layouts/${id}`, method: 'DELETE' });

export const setListColumns = (module: CrmModule, columns: string[]) => request({ url: `/setup/${module}/listColumns`, method: 'PUT', data: { columns } });

export const listDuplicateRules = (module: CrmModule) => request<Data<DuplicateRule[]>>({ url: `/setup/${module}/duplicateRules` });
export const createDuplicateRule = (module: CrmModule, body: DuplicateRuleBody) => request<Data<number>>({ url: `/setup/${module}/duplicateRules`, method: 'POST', data: body });
export const updateDuplicateRule = (module: CrmModule, id: number, body: DuplicateRuleBody) =>
  request({ url: `/setup/${module}/duplicateRules`, method: 'PUT', data: { ...body, id } });
export const deleteDuplicateRule = (module: CrmModule, id: number) => request({ url: `/setup/${module}/duplicateRules/${id}`, method: 'DELETE' });
