/** The navbar's reminders: tasks assigned to the user, meetings they own or attend. */
export default {
  'crm.reminders.bell': 'Reminders',
  'crm.reminders.bellUnread': 'Reminders, {{count}} unread',
  'crm.reminders.title': 'Reminders',
  'crm.reminders.empty': 'No reminders due',
  'crm.reminders.markRead': 'Mark as read',
  'crm.reminders.dismiss': 'Dismiss',
  'crm.reminders.markAllRead': 'Mark all read',
  'crm.reminders.dismissAll': 'Dismiss all',
  'crm.reminders.due': 'Due {{date}}',
  'crm.reminders.noDueDate': 'No due date',
  'crm.reminders.more': 'The latest {{shown}} of {{total}} reminders',
  'crm.reminders.starts': 'Starts {{time}}',
};
