/**
 * How a records list counts its rows (issue 37): exactly up to a threshold (the setting
 * `crm.list.countThreshold`), and beyond it "10,000+" with an exact count on demand — counting
 * every row of a list of millions takes seconds (espocrm/espocrm#1556) where its first page takes
 * milliseconds.
 */
export const LIST_COUNT_THRESHOLD_DEFAULT = 10_000;
export const LIST_COUNT_THRESHOLD_RANGE = { min: 1000, max: 1_000_000 } as const;

export const listCountEn = {
  // At most 100 characters: the setting's name in the parameters list is this text.
  'settings.listCountThreshold': 'Most rows a records list counts exactly before it shows "N+" (exact count on request)',
};

export const listCountZh: Record<keyof typeof listCountEn, string> = {
  'settings.listCountThreshold': '记录列表精确计数的最大行数（超过时显示“N+”，可按需精确计数）',
};
