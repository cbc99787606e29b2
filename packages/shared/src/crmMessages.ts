import { accountEn, accountZh } from './crm/accountMessages';
import { campaignEn, campaignZh } from './crm/campaignMessages';
import { contactEn, contactZh } from './crm/contactMessages';
import { duplicateEn, duplicateZh } from './crm/duplicateMessages';
import { contactRoleEn, contactRoleZh } from './crm/contactRoleMessages';
import { opportunityEn, opportunityZh } from './crm/opportunityMessages';
import { setupEn, setupZh } from './crm/setupMessages';
import { fieldSecurityEn, fieldSecurityZh } from './crm/fieldSecurity';
import { reportEn, reportZh } from './crm/reportMessages';
import { fileJobEn, fileJobZh } from './crm/fileJobMessages';
import { importEn, importZh } from './crm/importMessages';
import { attachmentEn, attachmentZh } from './crm/attachmentMessages';
import { userRecordEn, userRecordZh } from './crm/userRecordMessages';
import { activityEn, activityZh } from './crm/activityMessages';
import { calendarEn, calendarZh } from './crm/calendarMessages';
import { boardEn, boardZh } from './crm/boardMessages';
import { moneyEn, moneyZh } from './crm/money';
import { formulaEn, formulaZh } from './crm/formulaMessages';
import { listCountEn, listCountZh } from './crm/listCount';
import { emailEn, emailZh } from './crm/emailMessages';
import { emailInboundEn, emailInboundZh } from './crm/emailInboundMessages';
import { automationEn, automationZh } from './crm/automationMessages';
import { approvalEn, approvalZh } from './crm/approvalMessages';

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
  'record.restoreNotAllowed': 'You may restore only the deleted records you could change',
  'record.readOnly': 'You may read this record but not change it (it is shared with you read-only)',
  'sharing.badRecipient': 'Choose a user, role or department to share with',
  'sharing.notFound': 'The share does not exist',
  'sharing.ruleShare': 'This share comes from the sharing rule “{{name}}”: change the rule in Set-up › Sharing',
  'sharing.badMember': 'Choose an active user for the team',
  'sharing.memberNotFound': 'The team member does not exist',
  'sharing.ruleNotFound': 'The sharing rule does not exist',
  'sharing.noTeams': 'Only accounts and opportunities have teams',
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
  ...approvalEn,
  ...campaignEn,
  ...opportunityEn,
  ...setupEn,
  ...fieldSecurityEn,
  ...reportEn,
  ...fileJobEn,
  ...importEn,
  ...attachmentEn,
  ...emailEn,
  ...emailInboundEn,
  ...moneyEn,
  ...formulaEn,
  ...listCountEn,
  ...userRecordEn,
  ...activityEn,
  ...calendarEn,
  ...boardEn,
  ...automationEn,
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
  'record.restoreNotAllowed': '您只能恢复您有权修改的已删除记录',
  'record.readOnly': '您可以查看此记录，但不能修改它（它以只读方式共享给您）',
  'sharing.badRecipient': '请选择要共享给的用户、角色或部门',
  'sharing.notFound': '该共享不存在',
  'sharing.ruleShare': '此共享来自共享规则“{{name}}”：请在 设置 › 共享 中修改该规则',
  'sharing.badMember': '请选择一个正常状态的用户加入团队',
  'sharing.memberNotFound': '该团队成员不存在',
  'sharing.ruleNotFound': '该共享规则不存在',
  'sharing.noTeams': '只有客户和商机有团队',
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
  ...approvalZh,
  ...campaignZh,
  ...opportunityZh,
  ...setupZh,
  ...fieldSecurityZh,
  ...reportZh,
  ...fileJobZh,
  ...importZh,
  ...attachmentZh,
  ...emailZh,
  ...emailInboundZh,
  ...moneyZh,
  ...formulaZh,
  ...listCountZh,
  ...userRecordZh,
  ...activityZh,
  ...calendarZh,
  ...boardZh,
  ...automationZh,
};
