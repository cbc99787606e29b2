/** Messages of e-mail received by the dropbox (issue 35, "In"), en and zh; spread into crmMessages.ts. */
export const emailInboundEn = {
  'email.inboxNotFound': 'The mail is not in your inbox',
} as const;

export const emailInboundZh: Record<keyof typeof emailInboundEn, string> = {
  'email.inboxNotFound': '您的收件箱中没有这封邮件',
};
