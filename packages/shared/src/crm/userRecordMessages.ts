/** Messages of recently viewed records and favourites, en and zh; spread into crmMessages.ts. */
export const userRecordEn = {
  'favourite.full': 'You can keep at most {{max}} favourites: remove one to star another',
} as const;

export const userRecordZh: Record<keyof typeof userRecordEn, string> = {
  'favourite.full': '最多可收藏 {{max}} 条记录，请先取消一条再收藏',
};
