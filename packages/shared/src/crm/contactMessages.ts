/** Messages of contacts, en and zh; spread into crmMessages.ts. */
export const contactEn = {
  'contact.reportsToOtherAccount': 'Reports To must be a contact of the same account',
  'contact.notOfAccount': 'Pick a contact of the chosen account, or make a new one',
} as const;

export const contactZh: Record<keyof typeof contactEn, string> = {
  'contact.reportsToOtherAccount': '直属上级必须是同一客户的联系人',
  'contact.notOfAccount': '请选择所选客户的联系人，或新建联系人',
};
