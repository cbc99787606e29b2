/**
 * Messages of accounts and of the engine's hierarchy rule (any lookup of a module to itself:
 * parent account, parent campaign), en and zh; spread into crmMessages.ts.
 */
export const accountEn = {
  'record.hierarchyCycle': '{{field}} cannot be this record itself or a record below it in the hierarchy',
  'record.totalsInvalid': 'The totals asked for cannot be computed',
  'account.hasOpportunities': '{{count}} opportunity(ies) belong to this account: delete them too, or move them to another account first. Nothing was deleted.',
  'account.opportunitiesNoRight': 'You may not delete opportunities, so the account(s) with {{count}} opportunity(ies) cannot be deleted. Nothing was deleted.',
  'account.opportunitiesOutOfScope': '{{count}} opportunity(ies) of the account(s) are not yours to delete. Nothing was deleted.',
} as const;

export const accountZh: Record<keyof typeof accountEn, string> = {
  'record.hierarchyCycle': '{{field}}不能是记录本身或层级中位于其下的记录',
  'record.totalsInvalid': '无法计算所请求的合计',
  'account.hasOpportunities': '有 {{count}} 个商机属于此客户：请一并删除，或先将其移到其他客户。未删除任何内容。',
  'account.opportunitiesNoRight': '您无权删除商机，因此无法删除带有 {{count}} 个商机的客户。未删除任何内容。',
  'account.opportunitiesOutOfScope': '该客户的 {{count}} 个商机不在您可删除的范围内。未删除任何内容。',
};
