import { LANGUAGES, type Language } from '@orbit/shared/constants';
import type { ConfigListQuery, ConfigRow, CreateConfigBody, UpdateConfigBody } from '@orbit/shared/contract/config';
import { translate } from '@orbit/shared/messages';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { badRequest, fieldError, notFound } from '../../../lib/errors';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { createConfigRepository, type ConfigRecord } from './config.repository';
import { settingDefByKey, type SettingDef } from './settingDefs';
import { effectiveText } from './settings';

/**
 * Parameter settings. Built-in rows are Orbit's own settings: key, name and type are fixed (the
 * name is shown in the reader's language), the value is checked by the setting's own rule and may
 * be emptied to go back to the default; they cannot be deleted. Other rows are free key/value pairs.
 * A row goes out with the value in force, as RuoYi's pages show and send it back; a change that
 * cannot be made is refused with its reason, never answered as done.
 */
export function createConfigService(db: Db, config: Config) {
  const repo = createConfigRepository(db);

  const toRow = (record: ConfigRecord, lang: Language): ConfigRow => {
    const def = record.configType === 'Y' ? settingDefByKey.get(record.configKey) : undefined;
    const configValue = def ? effectiveText(def, record.configValue, config) : record.configValue;
    return {
      configId: record.configId,
      configName: def ? translate(lang, def.label) : record.configName,
      configKey: record.configKey,
      configValue,
      configType: record.configType === 'Y' ? 'Y' : 'N',
      remark: record.remark,
      createBy: record.createBy,
      createTime: record.createTime.toISOString(),
      updateBy: record.updateBy,
      updateTime: record.updateTime?.toISOString() ?? null,
      ...(def ? { defaultValue: def.defaultValue(config), usesDefault: record.configValue === '' || configValue !== record.configValue } : {}),
    };
  };

  /**
   * What may change of a built-in setting: its value and remark. Its name comes back as the
   * client read it (in either language), its key and type unchanged; anything else is refused.
   */
  function assertBuiltInKept(def: SettingDef, current: ConfigRecord, body: UpdateConfigBody): void {
    if (body.configKey !== current.configKey) throw fieldError('configKey', 'config.builtInKeyFixed');
    const names = [current.configName, ...LANGUAGES.map((lang) => translate(lang, def.label))];
    if (!names.includes(body.configName)) throw fieldError('configName', 'config.builtInNameFixed');
    if (body.configType !== undefined && body.configType !== 'Y') throw fieldError('configType', 'config.builtInTypeFixed');
  }

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
      if (body.configType === 'Y') throw fieldError('configType', 'config.builtInTypeReserved');
      if (settingDefByKey.has(body.configKey)) throw fieldError('configKey', 'config.builtInCreate', { value: body.configKey });
      if (await repo.keyTaken(body.configKey)) throw fieldError('configKey', 'config.keyTaken', { value: body.configKey });
      return repo.insert({ ...body, configType: 'N', createBy: user.userName });
    },

    async update(user: CurrentUser, body: UpdateConfigBody): Promise<void> {
      const current = await get(body.configId);
      const def = current.configType === 'Y' ? settingDefByKey.get(current.configKey) : undefined;
      if (def) {
        assertBuiltInKept(def, current, body);
        // RuoYi's form sends every field back, the value in force included: sent back unchanged, a
        // setting that follows its default goes on following it.
        const configValue = body.configValue === effectiveText(def, current.configValue, config) ? current.configValue : body.configValue;
        const problem = configValue === '' ? undefined : def.check(configValue);
        if (problem) throw fieldError('configValue', problem.key, problem.params);
        await repo.update(current.configId, { configValue, remark: body.remark, updateBy: user.userName, updateTime: new Date() });
        return;
      }
      if (body.configType === 'Y') throw fieldError('configType', 'config.builtInTypeReserved');
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
