/** Messages of the records engine's boards (merged into crmMessages.ts). */
export const boardEn = {
  'board.fieldInvalid': 'The board cannot be grouped by "{{name}}": choose a picklist of this module that lists can filter on',
} as const;

export const boardZh: Record<keyof typeof boardEn, string> = {
  'board.fieldInvalid': '看板不能按“{{name}}”分组：请选择本模块中可用于筛选的选项列表字段',
};
