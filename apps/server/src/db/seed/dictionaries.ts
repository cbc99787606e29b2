import { CONTACT_ROLE_DICT, OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import { CURRENCIES, CURRENCY_DICT } from '@orbit/shared/crm/money';
import { ACTIVITY_KIND_DICT, CALL_DIRECTION_DICT, CALL_OUTCOME_DICT } from '@orbit/shared/crm/activities';

/**
 * The product's dictionaries, reconciled at every start (a missing type is added with its values;
 * nothing an administrator changed is touched). `zh` is the Chinese label (kept in `extra.labelZh`); the
 * opportunity stage carries its win probability in `extra.probability`.
 */
export type DictValueSeed = { value: string; label: string; zh: string; listClass?: string; isDefault?: boolean; extra?: Record<string, unknown> };
export type DictSeed = { type: string; name: string; values: DictValueSeed[] };

const v = (value: string, label: string, zh: string, listClass = 'default', extra?: Record<string, unknown>): DictValueSeed => ({
  value, label, zh, listClass, ...(extra ? { extra } : {}),
});

export const dictionaries: DictSeed[] = [
  { type: 'sys_normal_disable', name: 'Normal / disabled', values: [v('0', 'Normal', '正常', 'primary'), v('1', 'Disabled', '停用', 'danger')] },
  { type: 'sys_user_sex', name: 'User sex', values: [v('0', 'Male', '男'), v('1', 'Female', '女'), v('2', 'Unknown', '未知')] },
  { type: 'sys_show_hide', name: 'Menu visibility', values: [v('0', 'Show', '显示', 'primary'), v('1', 'Hide', '隐藏', 'danger')] },
  { type: 'sys_yes_no', name: 'Yes / no', values: [v('Y', 'Yes', '是', 'primary'), v('N', 'No', '否', 'danger')] },
  { type: 'sys_common_status', name: 'Success / failure', values: [v('0', 'Success', '成功', 'primary'), v('1', 'Failure', '失败', 'danger')] },
  { type: 'sys_notice_type', name: 'Notice type', values: [v('1', 'Notification', '通知', 'warning'), v('2', 'Announcement', '公告', 'success')] },
  { type: 'sys_notice_status', name: 'Notice status', values: [v('0', 'Normal', '正常', 'primary'), v('1', 'Closed', '关闭', 'danger')] },
  {
    type: 'sys_oper_type', name: 'Operation type', values: [
      v('0', 'Other', '其他', 'info'), v('1', 'Insert', '新增', 'info'), v('2', 'Update', '修改', 'info'), v('3', 'Delete', '删除', 'danger'),
      v('4', 'Grant', '授权', 'primary'), v('5', 'Export', '导出', 'warning'), v('6', 'Import', '导入', 'warning'),
      v('7', 'Force logout', '强退', 'danger'), v('8', 'Generate', '生成', 'warning'), v('9', 'Clean', '清空', 'danger'),
    ],
  },
  {
    type: 'crm_lead_source', name: 'Lead source', values: [
      v('web', 'Web', '网站'), v('phone', 'Phone inquiry', '电话咨询'), v('referral', 'Partner referral', '合作伙伴推荐'),
      v('trade_show', 'Trade show', '展会'), v('campaign', 'Campaign', '市场活动'), v('other', 'Other', '其他'),
    ],
  },
  {
    type: 'crm_lead_status', name: 'Lead status', values: [
      v('new', 'New', '新建', 'info'), v('contacted', 'Contacted', '已联系', 'primary'), v('qualified', 'Qualified', '已确认', 'success'),
      v('unqualified', 'Unqualified', '不合格', 'danger'), v('converted', 'Converted', '已转化', 'success'),
    ],
  },
  {
    type: 'crm_industry', name: 'Industry', values: [
      v('technology', 'Technology', '科技'), v('finance', 'Finance', '金融'), v('healthcare', 'Healthcare', '医疗'),
      v('manufacturing', 'Manufacturing', '制造'), v('retail', 'Retail', '零售'), v('education', 'Education', '教育'), v('other', 'Other', '其他'),
    ],
  },
  {
    type: 'crm_salutation', name: 'Salutation', values: [
      v('mr', 'Mr.', '先生'), v('ms', 'Ms.', '女士'), v('mrs', 'Mrs.', '夫人'), v('dr', 'Dr.', '博士'), v('prof', 'Prof.', '教授'),
    ],
  },
  {
    type: 'crm_account_type', name: 'Account type', values: [
      v('customer', 'Customer', '客户', 'success'), v('prospect', 'Prospect', '潜在客户', 'info'), v('partner', 'Partner', '合作伙伴', 'primary'),
      v('reseller', 'Reseller', '经销商', 'primary'), v('competitor', 'Competitor', '竞争对手', 'danger'), v('investor', 'Investor', '投资者'),
      v('press', 'Press', '媒体'), v('other', 'Other', '其他'),
    ],
  },
  {
    type: 'crm_campaign_member_status', name: 'Campaign member status', values: [
      v('sent', 'Sent', '已发送', 'info'), v('opened', 'Opened', '已打开', 'primary'), v('responded', 'Responded', '已响应', 'success'),
      v('attended', 'Attended', '已参加', 'success'), v('unsubscribed', 'Unsubscribed', '已退订', 'danger'),
    ],
  },
  { type: 'crm_rating', name: 'Rating', values: [v('hot', 'Hot', '热', 'danger'), v('warm', 'Warm', '温', 'warning'), v('cold', 'Cold', '冷', 'info')] },
  {
    type: OPPORTUNITY_STAGE_DICT, name: 'Opportunity stage', values: [
      v('prospecting', 'Prospecting', '初步接洽', 'info', { probability: 10 }),
      v('qualification', 'Qualification', '需求确认', 'info', { probability: 20 }),
      v('needs_analysis', 'Needs Analysis', '需求分析', 'primary', { probability: 40 }),
      v('proposal', 'Proposal', '方案报价', 'primary', { probability: 60 }),
      v('negotiation', 'Negotiation', '商务谈判', 'warning', { probability: 80 }),
      v('closed_won', 'Closed Won', '赢单', 'success', { probability: 100 }),
      v('closed_lost', 'Closed Lost', '输单', 'danger', { probability: 0 }),
    ],
  },
  {
    type: 'crm_opportunity_type', name: 'Opportunity type', values: [
      v('new_business', 'New Business', '新业务'), v('existing_upgrade', 'Existing Business - Upgrade', '老客户升级'),
      v('existing_renewal', 'Existing Business - Renewal', '老客户续约'),
    ],
  },
  {
    type: 'crm_task_status', name: 'Task status', values: [
      v('not_started', 'Not Started', '未开始', 'info'), v('in_progress', 'In Progress', '进行中', 'primary'),
      v('completed', 'Completed', '已完成', 'success'), v('deferred', 'Deferred', '已延期', 'warning'),
    ],
  },
  {
    type: CONTACT_ROLE_DICT, name: 'Contact role', values: [
      v('decision_maker', 'Decision Maker', '决策者', 'danger'), v('economic_buyer', 'Economic Buyer', '经济决策人', 'warning'),
      v('influencer', 'Influencer', '影响者', 'primary'), v('technical_buyer', 'Technical Buyer', '技术决策人', 'info'), v('other', 'Other', '其他'),
    ],
  },
  {
    type: ACTIVITY_KIND_DICT, name: 'Activity kind', values: [v('call', 'Call', '通话', 'primary'), v('meeting', 'Meeting', '会议', 'warning'), v('note', 'Note', '备注', 'info')],
  },
  { type: CALL_DIRECTION_DICT, name: 'Call direction', values: [v('outbound', 'Outbound', '呼出'), v('inbound', 'Inbound', '呼入')] },
  {
    type: CALL_OUTCOME_DICT, name: 'Call outcome', values: [
      v('connected', 'Connected', '已接通', 'success'), v('left_voicemail', 'Left voicemail', '已留言', 'primary'),
      v('no_answer', 'No answer', '无人接听', 'warning'), v('busy', 'Busy', '占线', 'warning'), v('wrong_number', 'Wrong number', '号码错误', 'danger'),
    ],
  },
  { type: 'crm_task_priority', name: 'Task priority', values: [v('high', 'High', '高', 'danger'), v('normal', 'Normal', '中', 'primary'), v('low', 'Low', '低', 'info')] },
  {
    type: 'crm_campaign_type', name: 'Campaign type', values: [
      v('email', 'Email', '邮件'), v('webinar', 'Webinar', '网络研讨会'), v('conference', 'Conference', '会议'),
      v('advertisement', 'Advertisement', '广告'), v('social', 'Social Media', '社交媒体'), v('other', 'Other', '其他'),
    ],
  },
  {
    type: 'crm_campaign_status', name: 'Campaign status', values: [
      v('planned', 'Planned', '计划中', 'info'), v('active', 'Active', '进行中', 'primary'),
      v('completed', 'Completed', '已完成', 'success'), v('aborted', 'Aborted', '已中止', 'danger'),
    ],
  },
  // The active currencies (issue 33): every currency a record may be in; an administrator disables the
  // ones the organisation does not use. Labelled "EUR — Euro" / "EUR — 欧元" (the code stays the value).
  {
    type: CURRENCY_DICT, name: 'Currency', values: CURRENCIES.map((code) =>
      v(code, `${code} — ${new Intl.DisplayNames('en', { type: 'currency' }).of(code)}`, `${code} — ${new Intl.DisplayNames('zh', { type: 'currency' }).of(code)}`)),
  },
];
