/** Opportunities' own pages: closing, the stage history. */
export default {
  'crm.opportunity.closeWonTitle': 'Close as won',
  'crm.opportunity.closeLostTitle': 'Close as lost',
  'crm.opportunity.closeHint': 'Closing "{{name}}" records the date it was closed.',
  'crm.opportunity.closeHintMany_one': 'Closing {{count}} opportunity records the date it was closed.',
  'crm.opportunity.closeHintMany_other': 'Closing {{count}} opportunities records the date each was closed.',
  'crm.opportunity.stageHistory': 'Stage history',
  'crm.opportunity.stage': 'Stage',
  'crm.opportunity.entered': 'Entered',
  'crm.opportunity.daysSpent': 'Days',
  'crm.opportunity.days_one': '{{count}} day',
  'crm.opportunity.days_other': '{{count}} days',
  'crm.opportunity.current': 'current',
};
