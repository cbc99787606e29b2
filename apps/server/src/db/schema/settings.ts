import { bigint, char, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';

/**
 * Parameter settings (RuoYi's `sys_config`). Built-in rows (`config_type` 'Y') are Orbit's own
 * settings, read by the server at run time (modules/system/config/settingKeys.ts); an empty value
 * means "the default", which is the environment variable's or the constant's. Administrators may
 * add their own keys ('N') for clients that read them through `configKey`.
 */
export const sysConfig = pgTable(
  'sys_config',
  {
    configId: bigint('config_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    configName: text('config_name').notNull(),
    configKey: text('config_key').notNull(),
    configValue: text('config_value').notNull().default(''),
    configType: char('config_type', { length: 1 }).notNull().default('N'),
    remark: text('remark').notNull().default(''),
    ...auditColumns,
  },
  (t) => [uniqueIndex('sys_config_key_uq').on(t.configKey)],
);
