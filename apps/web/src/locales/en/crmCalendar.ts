/** The calendar page (the library's own texts — today, month, week, day — come from its locale). */
export default {
  'crm.calendar.owners': 'Whose calendar',
  'crm.calendar.ownersPlaceholder': 'Mine — choose people to see theirs',
  'crm.calendar.empty': 'Nothing on the calendar in this period',
  'crm.calendar.loadFailed': 'The calendar could not be loaded',
  'crm.calendar.truncated': 'Not every entry is shown: look at a shorter period or fewer people',
  'crm.calendar.moved': '"{{title}}" moved',
  'crm.calendar.completed': 'Completed',
  'crm.calendar.addTitle': 'Add to the calendar',
  'crm.calendar.addWhen': 'What to add for {{when}}?',
  'crm.calendar.addRecord': 'New record',
};
