/** Tasks: one-click completion, overdue and their timeline entries. */
export default {
  'crm.task.complete': 'Complete',
  'crm.task.completeNamed': 'Complete "{{name}}"',
  'crm.task.reopen': 'Reopen',
  'crm.task.reopenNamed': 'Reopen "{{name}}"',
  'crm.task.completed': 'Task completed',
  'crm.task.reopened': 'Task reopened',
  'crm.task.dueOn': 'Due {{date}}',
  'crm.task.overdueSince': 'Overdue · due {{date}}',
  'crm.task.noDueDate': 'No due date',
  'crm.task.completedAtTime': 'Completed {{time}}',
  'crm.task.calendarAdd': 'New task',
};
