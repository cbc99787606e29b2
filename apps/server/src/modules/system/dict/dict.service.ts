import type { Language } from '@orbit/shared/constants';
import type {
  CreateDictDataBody,
  CreateDictTypeBody,
  DictDataListQuery,
  DictTypeListQuery,
  DictValue,
  UpdateDictDataBody,
  UpdateDictTypeBody,
} from '@orbit/shared/contract/dict';
import type { Db } from '../../../db/client';
import { badRequest, fieldError, notFound } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { createDictRepository, type DictDataRecord } from './dict.repository';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';

/** The label of a value in a language: the Chinese one lives in `extra.labelZh`. */
export function localisedLabel(row: Pick<DictDataRecord, 'dictLabel' | 'extra'>, lang: Language): string {
  const zh = row.extra?.labelZh;
  return lang === 'zh' && typeof zh === 'string' && zh ? zh : row.dictLabel;
}

/** Dictionary types and their values; a type's name is unique, a value is unique within its type. */
export function createDictService(db: Db) {
  const repo = createDictRepository(db);

  async function getType(dictId: number) {
    const type = await repo.findType(dictId);
    if (!type) throw notFound();
    return type;
  }

  async function getData(dictCode: number) {
    const data = await repo.findData(dictCode);
    if (!data) throw notFound();
    return data;
  }

  async function checkData(body: CreateDictDataBody, exceptCode?: number): Promise<void> {
    if (!(await repo.typeExists(body.dictType))) throw fieldError('dictType', 'dict.typeUnknown');
    if (await repo.valueTaken(body.dictType, body.dictValue, exceptCode)) throw fieldError('dictValue', 'dict.valueTaken', { value: body.dictValue });
    // Forecasts weigh opportunities by their stage's probability, so every stage must have one.
    if (body.dictType === OPPORTUNITY_STAGE_DICT) {
      const probability = body.extra?.probability;
      if (typeof probability !== 'number' || !Number.isInteger(probability) || probability < 0 || probability > 100) {
        throw fieldError('probability', 'dict.probabilityRequired');
      }
    }
  }

  return {
    listTypes: (query: DictTypeListQuery) => repo.listTypes(query),
    allTypes: () => repo.allTypes(),
    getType,

    async createType(user: CurrentUser, body: CreateDictTypeBody): Promise<number> {
      if (await repo.typeTaken(body.dictType)) throw fieldError('dictType', 'dict.typeTaken', { value: body.dictType });
      return repo.insertType({ ...body, createBy: user.userName });
    },

    /** Renaming a type carries its values along. */
    async updateType(user: CurrentUser, body: UpdateDictTypeBody): Promise<void> {
      const { dictId, ...values } = body;
      const before = await getType(dictId);
      if (await repo.typeTaken(body.dictType, dictId)) throw fieldError('dictType', 'dict.typeTaken', { value: body.dictType });
      await db.transaction(async (tx) => {
        const txRepo = createDictRepository(tx);
        await txRepo.updateType(dictId, { ...values, updateBy: user.userName, updateTime: new Date() });
        if (before.dictType !== body.dictType) await txRepo.renameDataType(before.dictType, body.dictType);
      });
    },

    async removeTypes(dictIds: number[]): Promise<void> {
      const types = await repo.findTypesByIds(dictIds);
      if (types.length !== dictIds.length) throw notFound();
      for (const type of types) {
        if ((await repo.dataCount(type.dictType)) > 0) throw badRequest('dict.typeInUse', { name: type.dictName });
      }
      await repo.deleteTypes(dictIds);
    },

    listData: (query: DictDataListQuery) => repo.listData(query),
    getData,

    async valuesOf(dictType: string, lang: Language): Promise<DictValue[]> {
      const rows = await repo.valuesOf(dictType);
      return rows.map((r) => ({
        dictCode: r.dictCode,
        dictSort: r.dictSort,
        dictLabel: localisedLabel(r, lang),
        dictValue: r.dictValue,
        dictType: r.dictType,
        listClass: r.listClass,
        cssClass: r.cssClass,
        isDefault: r.isDefault,
        status: r.status,
        extra: r.extra ?? null,
      }));
    },

    async createData(user: CurrentUser, body: CreateDictDataBody): Promise<number> {
      await checkData(body);
      return repo.insertData({ ...body, createBy: user.userName });
    },

    async updateData(user: CurrentUser, body: UpdateDictDataBody): Promise<void> {
      const { dictCode, ...values } = body;
      await getData(dictCode);
      await checkData(values, dictCode);
      await repo.updateData(dictCode, { ...values, updateBy: user.userName, updateTime: new Date() });
    },

    async removeData(dictCodes: number[]): Promise<void> {
      await repo.deleteData(dictCodes);
    },
  };
}
