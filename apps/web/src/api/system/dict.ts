import type { PageRows } from '@orbit/shared/contract/common';
import type {
  CreateDictDataBody,
  CreateDictTypeBody,
  DictValue,
  UpdateDictDataBody,
  UpdateDictTypeBody,
} from '@orbit/shared/contract/dict';
import { request } from '../request';
import type { PageParams } from './common';

export type DictTypeRow = { dictId: number; dictName: string; dictType: string; status: string; remark: string; createTime: string };
export type DictDataRow = DictValue & { remark: string; createTime: string };
export type DictTypeListParams = PageParams & { dictName?: string; dictType?: string; status?: string };
export type DictDataListParams = PageParams & { dictType?: string; dictLabel?: string; status?: string };

export const listDictTypes = (params: DictTypeListParams) => request<PageRows<DictTypeRow>>({ url: '/system/dict/type/list', params });
export const getDictType = (dictId: number) => request<{ data: DictTypeRow }>({ url: `/system/dict/type/${dictId}` });
/** Every dictionary type, for the type picker of the data page. */
export const listDictTypeOptions = () => request<{ data: DictTypeRow[] }>({ url: '/system/dict/type/optionselect' });
export const addDictType = (data: CreateDictTypeBody) => request({ url: '/system/dict/type', method: 'POST', data });
export const updateDictType = (data: UpdateDictTypeBody) => request({ url: '/system/dict/type', method: 'PUT', data });
export const deleteDictTypes = (dictIds: number[]) => request({ url: `/system/dict/type/${dictIds.join(',')}`, method: 'DELETE' });

export const listDictData = (params: DictDataListParams) => request<PageRows<DictDataRow>>({ url: '/system/dict/data/list', params });
export const getDictData = (dictCode: number) => request<{ data: DictDataRow }>({ url: `/system/dict/data/${dictCode}` });
export const addDictData = (data: CreateDictDataBody) => request({ url: '/system/dict/data', method: 'POST', data });
export const updateDictData = (data: UpdateDictDataBody) => request({ url: '/system/dict/data', method: 'PUT', data });
export const deleteDictData = (dictCodes: number[]) => request({ url: `/system/dict/data/${dictCodes.join(',')}`, method: 'DELETE' });

/** The values of one dictionary, labels in the request's language (SPEC §7). */
export const getDictValues = (dictType: string) => request<{ data: DictValue[] }>({ url: `/system/dict/data/type/${encodeURIComponent(dictType)}` });
