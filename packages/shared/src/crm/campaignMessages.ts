/** Server messages of the campaign module (members and figures), en and zh; spread into crmMessages.ts. */
export const campaignEn = {
  'campaign.memberStatusInvalid': 'Please choose a valid member status',
  'campaign.membersAdded': '{{count}} lead(s) added to the campaign',
  'campaign.contactsAdded': '{{count}} contact(s) added to the campaign',
  'campaign.peopleAdded': '{{count}} member(s) added to the campaign',
  'campaign.membersRemoved': '{{count}} member(s) removed',
  'campaign.noContactsToAdd': 'This account has no contacts you can add to a campaign',
} as const;

export const campaignZh: Record<keyof typeof campaignEn, string> = {
  'campaign.memberStatusInvalid': '请选择有效的成员状态',
  'campaign.membersAdded': '已将 {{count}} 条线索加入活动',
  'campaign.contactsAdded': '已将 {{count}} 位联系人加入活动',
  'campaign.peopleAdded': '已将 {{count}} 个成员加入活动',
  'campaign.membersRemoved': '已移除 {{count}} 个成员',
  'campaign.noContactsToAdd': '该客户没有您可以加入活动的联系人',
};
