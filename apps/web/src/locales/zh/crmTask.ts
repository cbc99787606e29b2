/** 任务：一键完成、逾期与时间线条目。 */
export default {
  'crm.task.complete': '完成',
  'crm.task.completeNamed': '完成“{{name}}”',
  'crm.task.reopen': '重新打开',
  'crm.task.reopenNamed': '重新打开“{{name}}”',
  'crm.task.completed': '任务已完成',
  'crm.task.reopened': '任务已重新打开',
  'crm.task.dueOn': '截止 {{date}}',
  'crm.task.overdueSince': '已逾期 · 截止 {{date}}',
  'crm.task.noDueDate': '无截止日期',
  'crm.task.completedAtTime': '完成于 {{time}}',
  'crm.task.calendarAdd': '新建任务',
};
