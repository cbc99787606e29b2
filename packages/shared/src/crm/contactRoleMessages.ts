/** Messages of opportunity contact roles, en and zh; spread into crmMessages.ts. */
export const contactRoleEn = {
  'contactRole.roleInvalid': 'Please choose a role from the list',
  'contactRole.contactTaken': 'This contact already has a role on this opportunity',
  'contactRole.notFound': 'The contact role does not exist or you have no access to it',
  'validation.relatedModuleNotAllowed': '{{field}} cannot point at a record of this kind',
} as const;

export const contactRoleZh: Record<keyof typeof contactRoleEn, string> = {
  'contactRole.roleInvalid': '请从列表中选择角色',
  'contactRole.contactTaken': '该联系人在此商机上已有角色',
  'contactRole.notFound': '联系人角色不存在或您无权访问',
  'validation.relatedModuleNotAllowed': '{{field}}不能指向此类记录',
};
