/** Messages of activities and the timeline, en and zh; spread into crmMessages.ts. */
export const activityEn = {
  'activity.namesNothing': 'An activity must name a contact or lead, or the record it is related to',
  'activity.endBeforeStart': 'The end of a meeting cannot be before its start',
  'activity.startRequired': 'Please fill in the start of the meeting',
  'activity.directionRequired': 'Please choose the direction of the call',
  'activity.badAttendees': 'The attendees cannot be read: users, and leads or contacts, at most {{max}} of each',
  'activity.attendeeNotFound': 'An attendee does not exist or you have no access to them',
  'activity.badMentions': 'The mentioned users cannot be read (at most {{max}})',
  'activity.mentionNotFound': 'A mentioned user does not exist or is not active',
  'activity.mentionTitle': '{{user}} mentioned you: {{subject}}',
  'activity.mentionOpen': 'Open the record',
  'timeline.badKind': 'Unknown kind of timeline entry',
} as const;

export const activityZh: Record<keyof typeof activityEn, string> = {
  'activity.namesNothing': '活动必须指定联系人/线索或相关记录',
  'activity.endBeforeStart': '会议的结束时间不能早于开始时间',
  'activity.startRequired': '请填写会议的开始时间',
  'activity.directionRequired': '请选择通话方向',
  'activity.badAttendees': '参与人无法识别：用户和线索/联系人各最多 {{max}} 个',
  'activity.attendeeNotFound': '参与人不存在或您无权访问',
  'activity.badMentions': '提及的用户无法识别（最多 {{max}} 个）',
  'activity.mentionNotFound': '提及的用户不存在或已停用',
  'activity.mentionTitle': '{{user}} 提到了您：{{subject}}',
  'activity.mentionOpen': '打开记录',
  'timeline.badKind': '未知的时间线条目类型',
};
