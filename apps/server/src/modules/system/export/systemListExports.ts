import type { ConfigListQuery, ConfigRow } from '@orbit/shared/contract/config';
import { configListQuery } from '@orbit/shared/contract/config';
import { dictDataListQuery, dictTypeListQuery, type DictDataListQuery, type DictTypeListQuery } from '@orbit/shared/contract/dict';
import { logininforListQuery, operlogListQuery, type LogininforListQuery, type OperlogListQuery } from '@orbit/shared/contract/monitor';
import { roleListQuery, type RoleListQuery, type RoleRow } from '@orbit/shared/contract/role';
import { userListQuery, type UserListQuery, type UserRow } from '@orbit/shared/contract/user';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { createLoginLogRepository } from '../../monitor/logininfor/logininfor.repository';
import { createOperLogRepository } from '../../monitor/operlog/operlog.repository';
import { createConfigService } from '../config/config.service';
import { settingDefByKey } from '../config/settingDefs';
import { createDictRepository, type DictDataRecord, type DictTypeRecord } from '../dict/dict.repository';
import { createRoleService } from '../role/role.service';
import { createUserService } from '../user/user.service';
import type { Config } from '../../../config';
import type { ListExport, ListQuery } from './listExport';

type LoginRow = Awaited<ReturnType<ReturnType<typeof createLoginLogRepository>['list']>>['rows'][number];
type OperRow = Awaited<ReturnType<ReturnType<typeof createOperLogRepository>['list']>>['rows'][number];

const date = (text: string | null) => (text ? new Date(text) : null);

/**
 * The administration lists RuoYi's pages export (`POST …/export` with the list's filters,
 * form-encoded) and Orbit's own pages offer too: each reads its list exactly as the list endpoint
 * does — filters, sort, the caller's data scope — and names its columns.
 */
export function systemListExports(config: Config) {
  const user: ListExport<UserListQuery, UserRow> = {
    path: '/system/user/export',
    permission: PERMISSIONS.user.export,
    title: 'User',
    sheet: 'export.sheet.user',
    fileName: 'user',
    query: userListQuery,
    page: (db, caller, query) => createUserService(db, config).list(caller, query),
    dictionaries: ['sys_user_sex', 'sys_normal_disable'],
    columns: [
      { header: 'field.userId', value: (r) => r.userId, width: 10 },
      { header: 'field.userName', value: (r) => r.userName, width: 20 },
      { header: 'field.nickName', value: (r) => r.nickName, width: 20 },
      { header: 'field.deptId', value: (r) => r.dept?.deptName, width: 20 },
      { header: 'field.email', value: (r) => r.email, width: 28 },
      { header: 'field.phonenumber', value: (r) => r.phonenumber, width: 16 },
      { header: 'field.sex', value: (r, label) => label('sys_user_sex', r.sex) },
      { header: 'field.status', value: (r, label) => label('sys_normal_disable', r.status) },
      { header: 'field.loginIp', value: (r) => r.loginIp, width: 18 },
      { header: 'field.loginDate', value: (r) => date(r.loginDate), date: true },
      { header: 'field.createTime', value: (r) => date(r.createTime), date: true },
    ],
  };

  const role: ListExport<RoleListQuery, RoleRow> = {
    path: '/system/role/export',
    permission: PERMISSIONS.role.export,
    title: 'Role',
    sheet: 'export.sheet.role',
    fileName: 'role',
    query: roleListQuery,
    page: (db, _caller, query) => createRoleService(db, config).list(query),
    dictionaries: ['sys_normal_disable'],
    columns: [
      { header: 'field.roleId', value: (r) => r.roleId, width: 10 },
      { header: 'field.roleName', value: (r) => r.roleName, width: 24 },
      { header: 'field.roleKey', value: (r) => r.roleKey, width: 24 },
      { header: 'field.roleSort', value: (r) => r.roleSort, width: 10 },
      { header: 'field.dataScope', value: (r) => r.dataScope },
      { header: 'field.status', value: (r, label) => label('sys_normal_disable', r.status) },
      { header: 'field.remark', value: (r) => r.remark, width: 30 },
      { header: 'field.createTime', value: (r) => date(r.createTime), date: true },
    ],
  };

  const dictType: ListExport<DictTypeListQuery, DictTypeRecord> = {
    path: '/system/dict/type/export',
    permission: PERMISSIONS.dict.export,
    title: 'Dictionary type',
    sheet: 'export.sheet.dictType',
    fileName: 'dict_type',
    query: dictTypeListQuery,
    page: (db, _caller, query) => createDictRepository(db).listTypes(query),
    dictionaries: ['sys_normal_disable'],
    columns: [
      { header: 'field.dictId', value: (r) => r.dictId, width: 12 },
      { header: 'field.dictName', value: (r) => r.dictName, width: 28 },
      { header: 'field.dictType', value: (r) => r.dictType, width: 28 },
      { header: 'field.status', value: (r, label) => label('sys_normal_disable', r.status) },
      { header: 'field.remark', value: (r) => r.remark, width: 30 },
      { header: 'field.createTime', value: (r) => r.createTime, date: true },
    ],
  };

  const dictData: ListExport<DictDataListQuery, DictDataRecord> = {
    path: '/system/dict/data/export',
    permission: PERMISSIONS.dict.export,
    title: 'Dictionary data',
    sheet: 'export.sheet.dictData',
    fileName: 'dict_data',
    query: dictDataListQuery,
    page: (db, _caller, query) => createDictRepository(db).listData(query),
    dictionaries: ['sys_normal_disable', 'sys_yes_no'],
    columns: [
      { header: 'field.dictCode', value: (r) => r.dictCode, width: 12 },
      { header: 'field.dictSort', value: (r) => r.dictSort, width: 10 },
      { header: 'field.dictLabel', value: (r) => r.dictLabel, width: 24 },
      { header: 'field.dictValue', value: (r) => r.dictValue, width: 24 },
      { header: 'field.dictType', value: (r) => r.dictType, width: 28 },
      { header: 'field.isDefault', value: (r, label) => label('sys_yes_no', r.isDefault) },
      { header: 'field.status', value: (r, label) => label('sys_normal_disable', r.status) },
      { header: 'field.remark', value: (r) => r.remark, width: 30 },
      { header: 'field.createTime', value: (r) => r.createTime, date: true },
    ],
  };

  const logininfor: ListExport<LogininforListQuery, LoginRow> = {
    path: '/monitor/logininfor/export',
    permission: PERMISSIONS.logininfor.export,
    title: 'Login log',
    sheet: 'export.sheet.logininfor',
    fileName: 'logininfor',
    query: logininforListQuery,
    page: (db, _caller, query) => createLoginLogRepository(db).list(query),
    dictionaries: ['sys_common_status'],
    columns: [
      { header: 'field.infoId', value: (r) => r.infoId, width: 10 },
      { header: 'field.userName', value: (r) => r.userName, width: 20 },
      { header: 'field.ipaddr', value: (r) => r.ipaddr, width: 18 },
      { header: 'field.browser', value: (r) => r.browser, width: 16 },
      { header: 'field.os', value: (r) => r.os, width: 16 },
      { header: 'field.status', value: (r, label) => label('sys_common_status', r.status) },
      { header: 'field.msg', value: (r) => r.msg, width: 40 },
      { header: 'field.loginTime', value: (r) => r.loginTime, date: true },
    ],
  };

  const operlog: ListExport<OperlogListQuery, OperRow> = {
    path: '/monitor/operlog/export',
    permission: PERMISSIONS.operlog.export,
    title: 'Operation log',
    sheet: 'export.sheet.operlog',
    fileName: 'operlog',
    query: operlogListQuery,
    page: (db, _caller, query) => createOperLogRepository(db).list(query),
    dictionaries: ['sys_oper_type', 'sys_common_status'],
    columns: [
      { header: 'field.operId', value: (r) => r.operId, width: 10 },
      { header: 'field.title', value: (r) => r.title, width: 20 },
      { header: 'field.businessType', value: (r, label) => label('sys_oper_type', String(r.businessType)) },
      { header: 'field.requestMethod', value: (r) => r.requestMethod, width: 10 },
      { header: 'field.operName', value: (r) => r.operName, width: 18 },
      { header: 'field.operUrl', value: (r) => r.operUrl, width: 36 },
      { header: 'field.operIp', value: (r) => r.operIp, width: 18 },
      { header: 'field.status', value: (r, label) => label('sys_common_status', String(r.status)) },
      { header: 'field.errorMsg', value: (r) => r.errorMsg, width: 36 },
      { header: 'field.operTime', value: (r) => r.operTime, date: true },
      { header: 'field.costTime', value: (r) => r.costTime, width: 12 },
    ],
  };

  const settings: ListExport<ConfigListQuery, ConfigRow> = {
    path: '/system/config/export',
    permission: PERMISSIONS.config.export,
    title: 'Settings',
    sheet: 'export.sheet.config',
    fileName: 'config',
    query: configListQuery,
    page: (db, _caller, query, lang) => createConfigService(db, config).list(query, lang),
    dictionaries: ['sys_yes_no'],
    columns: [
      { header: 'field.configId', value: (r) => r.configId, width: 10 },
      { header: 'field.configName', value: (r) => r.configName, width: 40 },
      { header: 'field.configKey', value: (r) => r.configKey, width: 32 },
      // A secret setting (the initial password) is never written to a file.
      { header: 'field.configValue', value: (r) => (settingDefByKey.get(r.configKey)?.readableWith ? (r.configValue ? '******' : '') : r.configValue), width: 24 },
      { header: 'field.configType', value: (r, label) => label('sys_yes_no', r.configType) },
      { header: 'field.remark', value: (r) => r.remark, width: 30 },
      { header: 'field.createTime', value: (r) => date(r.createTime), date: true },
    ],
  };

  return [user, role, dictType, dictData, logininfor, operlog, settings] as Array<ListExport<ListQuery, unknown>>;
}
