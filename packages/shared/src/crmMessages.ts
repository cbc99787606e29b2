import { accountEn, accountZh } from './crm/accountMessages';
import { campaignEn, campaignZh } from './crm/campaignMessages';
import { contactEn, contactZh } from './crm/contactMessages';
import { duplicateEn, duplicateZh } from './crm/duplicateMessages';
import { contactRoleEn, contactRoleZh } from './crm/contactRoleMessages';
import { opportunityEn, opportunityZh } from './crm/opportunityMessages';
import { setupEn, setupZh } from './crm/setupMessages';
import { reportEn, reportZh } from './crm/reportMessages';
import { fileJobEn, fileJobZh } from './crm/fileJobMessages';
import { importEn, importZh } from './crm/importMessages';
import { attachmentEn, attachmentZh } from './crm/attachmentMessages';
import { userRecordEn, userRecordZh } from './crm/userRecordMessages';
import { activityEn, activityZh } from './crm/activityMessages';
import { calendarEn, calendarZh } from './crm/calendarMessages';

/**
 * Messages of the records engine and the business modules, en and zh (merged into messages.ts).
 * `{{field}}` is the field's label in the request's language.
 */
export const crmEn = {
  'validation.phoneRequired': 'Please fill in phone',
  'validation.urlRequired': 'Please fill in url',
  'validation.percentRequired': 'Please fill in percent',
  'validation.wholeNumber': 'Please enter a whole number',
  'validation.decimalNumber': 'Please enter a number with at most {{decimals}} decimals',
  'validation.numberDigits': 'Please enter a number of at most {{max}} digits',
  'validation.integerDigits': 'Please enter a number with at most {{max}} digits before the decimal point',

  'filter.invalid': 'The filter cannot be read',
  'filter.tooComplex': 'The filter is too complex: at most 50 conditions, nested at most 5 deep',
  'filter.unknownField': 'Unknown field "{{name}}" in the filter',
  'filter.notFilterable': '{{field}} cannot be used in a filter',
  'filter.badOperator': '{{field}} cannot be filtered with "{{op}}"',
  'filter.badValue': 'The filter value of {{field}} is not valid',
  'sort.unknownField': 'The list cannot be sorted by "{{name}}"',

  'record.notFound': 'The record does not exist or you have no access to it',
  'record.someNotFound': 'Some of the selected records do not exist or you have no access to them: nothing was changed',
  'record.stale': 'Someone else changed this record after you opened it. Reload it to see their changes, then make yours again.',
  'record.unknownField': 'Unknown field "{{name}}"',
  'record.valueTaken': "{{field}} '{{value}}' is already in use",
  'record.lookupNotFound': 'The selected {{field}} does not exist or you have no access to it',
  'record.ownerInvalid': 'The owner must be an active user',
  'record.recordTypeInvalid': 'This record type is not available',
  'record.notMassEditable': '{{field}} cannot be changed for several records at once',
  'record.readOnlyInLayout': '{{field}} is read-only for some of the selected records (in the layout of their record type)',
  'record.restoreNotAllowed': 'Only the owner of a deleted record or an administrator can restore it',
  'record.restored': '{{count}} record(s) restored',

  'view.nameTaken': "You already have a list view named '{{value}}'",
  'view.notFound': 'The list view does not exist',
  'view.notEditable': 'Only its creator or an administrator can change this list view',
  'view.builtIn': 'A built-in list view cannot be changed: save a copy instead',
  'view.shareNotAllowed': 'You cannot share list views with everyone',

  'lead.alreadyConverted': 'This lead has already been converted',
  'lead.convertedReadOnly': 'A converted lead cannot be changed',
  'duplicate.unknownField': 'Duplicates can be checked by e-mail, company, phone, mobile, website or e-mail domain',
  /** A record another points at, outside the viewer's data scope: neither its name nor a link (docs/decisions.md, 2026-11-28). */
  'record.restricted': 'Restricted record',
  ...accountEn,
  ...contactEn,
  ...duplicateEn,
  ...contactRoleEn,
  ...campaignEn,
  ...opportunityEn,
  ...setupEn,
  ...reportEn,
  ...fileJobEn,
  ...importEn,
  ...attachmentEn,
  ...userRecordEn,
  ...activityEn,
  ...calendarEn,
} as const;

export type CrmMessageKey = keyof typeof crmEn;

export const crmZh: Record<CrmMessageKey, string> = {
  'validation.phoneRequired': '请填写电话',
  'validation.urlRequired': '请填写网址',
  'validation.percentRequired': '请填写百分比',
  'validation.wholeNumber': '请输入整数',
  'validation.decimalNumber': '请输入最多 {{decimals}} 位小数的数字',
  'validation.numberDigits': '请输入不超过 {{max}} 位数字的数字',
  'validation.integerDigits': '请输入整数部分不超过 {{max}} 位的数字',

  'filter.invalid': '筛选条件无法解析',
  'filter.tooComplex': '筛选条件过于复杂：最多 50 个条件，最多嵌套 5 层',
  'filter.unknownField': '筛选条件中的字段“{{name}}”不存在',
  'filter.notFilterable': '{{field}}不能用于筛选',
  'filter.badOperator': '{{field}}不能使用“{{op}}”筛选',
  'filter.badValue': '{{field}}的筛选值无效',
  'sort.unknownField': '列表不能按“{{name}}”排序',

  'record.notFound': '记录不存在或您无权访问',
  'record.someNotFound': '部分所选记录不存在或您无权访问：未做任何修改',
  'record.stale': '您打开此记录后，其他人修改了它。请重新加载查看他们的修改，然后再进行您的修改。',
  'record.unknownField': '字段“{{name}}”不存在',
  'record.valueTaken': '{{field}}“{{value}}”已被使用',
  'record.lookupNotFound': '所选的{{field}}不存在或您无权访问',
  'record.ownerInvalid': '负责人必须是正常状态的用户',
  'record.recordTypeInvalid': '该记录类型不可用',
  'record.notMassEditable': '{{field}}不能批量修改',
  'record.readOnlyInLayout': '部分所选记录的{{field}}为只读（其记录类型的布局）',
  'record.restoreNotAllowed': '只有已删除记录的负责人或管理员可以恢复它',
  'record.restored': '已恢复 {{count}} 条记录',

  'view.nameTaken': '您已有名为“{{value}}”的列表视图',
  'view.notFound': '列表视图不存在',
  'view.notEditable': '只有创建者或管理员可以修改此列表视图',
  'view.builtIn': '内置列表视图不能修改：请另存为副本',
  'view.shareNotAllowed': '您不能将列表视图共享给所有人',

  'lead.alreadyConverted': '该线索已转化',
  'lead.convertedReadOnly': '已转化的线索不能修改',
  'duplicate.unknownField': '只能按邮箱、公司、电话、手机、网站或邮箱域名查重',
  'record.restricted': '受限记录',
  ...accountZh,
  ...contactZh,
  ...duplicateZh,
  ...contactRoleZh,
  ...campaignZh,
  ...opportunityZh,
  ...setupZh,
  ...reportZh,
  ...fileJobZh,
  ...importZh,
  ...attachmentZh,
  ...userRecordZh,
  ...activityZh,
  ...calendarZh,
};
