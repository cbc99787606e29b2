/** 记录引擎的看板：任意模块的列表按选项列表字段分列显示。 */
export default {
  'crm.board.mode': '看板',
  'crm.board.groupBy': '分组依据',
  'crm.board.label': '按{{field}}分组的看板',
  'crm.board.noValue': '未填写',
  'crm.board.empty': '暂无记录',
  'crm.board.loadMore': '加载更多（还有 {{count}} 条）',
  'crm.board.moveCard': '将“{{name}}”移到其他列',
  'crm.board.position': '第 {{index}} 列，共 {{total}} 列',
  'crm.board.converted': '已折算为 {{currency}}',
  'crm.board.convertedHint': '其他货币的金额按各记录日期的汇率折算',
};
