import type { Language } from '@orbit/shared/constants';
import type { ConfigListQuery, ConfigRow, CreateConfigBody, UpdateConfigBody } from '@orbit/shared/contract/config';
import { translate } from '@orbit/shared/messages';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { badRequest, fieldError, notFound } from '../../../lib/errors';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { createConfigRepository, type ConfigRecord } from './config.repository';
import { settingDefByKey } from './settingDefs';
import { effectiveText } from './settings';

/**
 * Parameter settings. Built-in rows are Orbit's own settings: key, name and type are fixed (the
 * name is shown in the reader's language), the value is checked by the setting's own rule and may
 * be emptied to go back to the default; they cannot be deleted. Other rows are free key/value pairs.
 */
export function createConfigService(db: Db, config: Config) {
  const repo = createConfigRepository(db);

  const toRow = (record: ConfigRecord, lang: Language): ConfigRow => {
    const def = record.configType === 'Y' ? settingDefByKey.get(record.configKey) : undefined;
    return {
      configId: record.configId,
      configName: def ? translate(lang, def.label) : record.configName,
      configKey: record.configKey,
      configValue: record.configValue,
      configType: record.configType === 'Y' ? 'Y' : 'N',
      remark: record.remark,
      createBy: record.createBy,
      createTime: record.createTime.toISOString(),
      updateBy: record.updateBy,
      updateTime: record.updateTime?.toISOString() ?? null,
      ...(def ? { defaultValue: def.defaultValue(config) } : {}),
    };
  };

  async function get(configId: number): Promise<ConfigRecord> {
    const record = await repo.findById(configId);
    if (!record) throw notFound();
    return record;
  }

  return {
    toRow,
    async list(query: ConfigListQuery, lang: Language) {
      const page = await repo.list(query);
      return { total: page.total, rows: page.rows.map((r) => toRow(r, lang)) };
    },
    get: async (configId: number, lang: Language) => toRow(await get(configId), lang),

    /**
     * The value of a key for `GET /system/config/configKey/{key}` (RuoYi answers it as `msg`): a
     * built-in setting's value in force, '' for an unknown key, and '' for a secret the caller may
     * not read (the initial password), so a page that asks for it without the right sees nothing.
     */
    async valueOf(user: CurrentUser, configKey: string): Promise<string> {
      const record = await repo.findByKey(configKey);
      const def = settingDefByKey.get(configKey);
      if (!def) return record?.configValue ?? '';
      if (def.readableWith && !def.readableWith.some((p) => hasPermission(user, p))) return '';
      return effectiveText(def, record?.configValue, config);
    },

    async create(user: CurrentUser, body: CreateConfigBody): Promise<number> {
      if (settingDefByKey.has(body.configKey)) throw fieldError('configKey', 'config.builtInCreate', { value: body.configKey });
      if (await repo.keyTaken(body.configKey)) throw fieldError('configKey', 'config.keyTaken', { value: body.configKey });
      return repo.insert({ ...body, configType: 'N', createBy: user.userName });
    },

    async update(user: CurrentUser, body: UpdateConfigBody): Promise<void> {
      const current = await get(body.configId);
      const def = current.configType === 'Y' ? settingDefByKey.get(current.configKey) : undefined;
      if (def) {
        // RuoYi's form sends every field back; of a built-in setting only the value and the remark change.
        const problem = body.configValue === '' ? undefined : def.check(body.configValue);
        if (problem) throw fieldError('configValue', problem.key, problem.params);
        await repo.update(current.configId, { configValue: body.configValue, remark: body.remark, updateBy: user.userName, updateTime: new Date() });
        return;
      }
      if (settingDefByKey.has(body.configKey)) throw fieldError('configKey', 'config.builtInCreate', { value: body.configKey });
      if (await repo.keyTaken(body.configKey, current.configId)) throw fieldError('configKey', 'config.keyTaken', { value: body.configKey });
      const { configId, ...values } = body;
      await repo.update(configId, { ...values, configType: 'N', updateBy: user.userName, updateTime: new Date() });
    },

    async remove(configIds: number[], lang: Language): Promise<void> {
      const records = await repo.findByIds(configIds);
      if (records.length !== configIds.length) throw notFound();
      const builtIn = records.find((r) => r.configType === 'Y');
      if (builtIn) throw badRequest('config.builtInDelete', { name: toRow(builtIn, lang).configName });
      await repo.remove(configIds);
    },
  };
}
