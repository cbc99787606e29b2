/** 导航栏提醒：分配给用户的任务、用户组织或参加的会议。 */
export default {
  'crm.reminders.bell': '提醒',
  'crm.reminders.bellUnread': '提醒，{{count}} 条未读',
  'crm.reminders.title': '提醒',
  'crm.reminders.empty': '没有到期的提醒',
  'crm.reminders.markRead': '标为已读',
  'crm.reminders.dismiss': '忽略',
  'crm.reminders.markAllRead': '全部标为已读',
  'crm.reminders.dismissAll': '全部忽略',
  'crm.reminders.due': '截止 {{date}}',
  'crm.reminders.noDueDate': '无截止日期',
  'crm.reminders.more': '最近 {{shown}} 条，共 {{total}} 条提醒',
  'crm.reminders.starts': '开始于 {{time}}',
};
