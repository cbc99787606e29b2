/** Boards of the records engine: any module's list in columns by a picklist. */
export default {
  'crm.board.mode': 'Board',
  'crm.board.groupBy': 'Group by',
  'crm.board.label': 'Board by {{field}}',
  'crm.board.noValue': 'No value',
  'crm.board.empty': 'No records',
  'crm.board.loadMore': 'Load more ({{count}} left)',
  'crm.board.moveCard': 'Move {{name}} to another column',
  'crm.board.position': '{{index}} of {{total}}',
  'crm.board.converted': 'converted to {{currency}}',
  'crm.board.convertedHint': 'Amounts in other currencies are converted at the rate of each record’s date',
};
