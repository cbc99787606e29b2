/** Messages of the opportunity module (merged into crmMessages.ts). */
export const opportunityEn = {
  'opportunity.lossReasonRequired': 'Please fill in the loss reason to close this opportunity as lost',
} as const;

export const opportunityZh: Record<keyof typeof opportunityEn, string> = {
  'opportunity.lossReasonRequired': '请填写输单原因后再将商机关闭为输单',
};
