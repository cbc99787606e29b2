/** Messages of the calendar (GET /crm/calendar, PUT /crm/calendar/move), en and zh; spread into crmMessages.ts. */
export const calendarEn = {
  'calendar.badDate': 'The calendar\'s start and end must be dates (YYYY-MM-DD) or date-times',
  'calendar.badRange': 'The calendar\'s end must come after its start',
  'calendar.rangeTooLong': 'The calendar shows at most {{max}} days at a time',
  'calendar.badOwners': 'The owners must be given as user ids separated by commas',
  'calendar.tooManyOwners': 'At most {{max}} owners can be shown at once',
  'calendar.ownerOutOfScope': 'You cannot see the calendar of some of the chosen users',
  'calendar.unknownSource': 'This record cannot be moved on the calendar',
  'calendar.notMovable': 'The date of this record cannot be changed',
  'calendar.dayOnly': 'This entry takes a day, not a time of day: drop it on a day',
} as const;

export const calendarZh: Record<keyof typeof calendarEn, string> = {
  'calendar.badDate': '日历的开始和结束必须是日期（YYYY-MM-DD）或日期时间',
  'calendar.badRange': '日历的结束必须晚于开始',
  'calendar.rangeTooLong': '日历一次最多显示 {{max}} 天',
  'calendar.badOwners': '负责人须为以逗号分隔的用户 ID',
  'calendar.tooManyOwners': '一次最多显示 {{max}} 位负责人',
  'calendar.ownerOutOfScope': '您无权查看所选部分用户的日历',
  'calendar.unknownSource': '此记录不能在日历上移动',
  'calendar.notMovable': '此记录的日期不能修改',
  'calendar.dayOnly': '此条目只有日期没有时间：请拖到某一天上',
};
