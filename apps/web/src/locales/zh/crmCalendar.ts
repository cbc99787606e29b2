/** 日历页（库自带的文字——今天、月、周、日——来自其语言包）。 */
export default {
  'crm.calendar.owners': '查看谁的日历',
  'crm.calendar.ownersPlaceholder': '我的日历——选择人员查看其日历',
  'crm.calendar.empty': '此期间日历上没有内容',
  'crm.calendar.loadFailed': '日历加载失败',
  'crm.calendar.truncated': '未显示全部条目：请缩短期间或减少人员',
  'crm.calendar.moved': '已移动“{{title}}”',
  'crm.calendar.completed': '已完成',
  'crm.calendar.addTitle': '添加到日历',
  'crm.calendar.addWhen': '要为 {{when}} 添加什么？',
  'crm.calendar.addRecord': '新建记录',
};
