/** Messages of contacts, en and zh; spread into crmMessages.ts. */
export const contactEn = {
  'contact.reportsToOtherAccount': '{{field}} must be a contact of the same account',
} as const;

export const contactZh: Record<keyof typeof contactEn, string> = {
  'contact.reportsToOtherAccount': '{{field}}必须是同一客户的联系人',
};
