/** 商机专属页面：关闭商机、阶段历史。 */
export default {
  'crm.opportunity.closeWonTitle': '关闭为赢单',
  'crm.opportunity.closeLostTitle': '关闭为输单',
  'crm.opportunity.closeHint': '关闭“{{name}}”时会记录关闭日期。',
  'crm.opportunity.closeHintMany_other': '关闭 {{count}} 个商机时会记录各自的关闭日期。',
  'crm.opportunity.stageHistory': '阶段历史',
  'crm.opportunity.stage': '阶段',
  'crm.opportunity.entered': '进入日期',
  'crm.opportunity.daysSpent': '停留天数',
  'crm.opportunity.days_one': '{{count}} 天',
  'crm.opportunity.days_other': '{{count}} 天',
  'crm.opportunity.current': '当前',
};
