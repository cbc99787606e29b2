import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import type { LayoutSeed, ModuleSeed } from '../engine/moduleSeed';
import { withSystemFields } from '../engine/moduleSeed';

const layoutOf = ({ name, zh }: { name: string; zh: string }, title: { en: string; zh: string }): LayoutSeed => ({
  name,
  zh,
  sections: [
    {
      key: 'main', ...title, columns: 2,
      fields: ['salutation', 'firstName', 'lastName', 'title', 'department', 'accountId', 'reportsToId', 'email', 'emailOptOut', 'phone', 'mobile', 'leadSource', 'birthday'],
    },
    { key: 'mailing', en: 'Mailing Address', zh: '通信地址', columns: 2, fields: ['mailingStreet', 'mailingCity', 'mailingState', 'mailingPostalCode', 'mailingCountry'] },
    { key: 'description', en: 'Description', zh: '描述', columns: 1, fields: ['description'] },
    { key: 'system', en: 'System Information', zh: '系统信息', columns: 2, fields: ['ownerId', 'recordTypeId', 'sourceLeadId', 'createTime', 'createBy', 'updateTime', 'updateBy'] },
  ],
});

const unindexed = { sortable: false, filterable: false };
const businessLayout = layoutOf({ name: 'Business Contact Layout', zh: '业务联系人布局' }, { en: 'Contact Information', zh: '联系人信息' });

/** Contacts: the people of the accounts the organisation sells to, named family name first in Chinese as leads are. */
export const contactSeed: ModuleSeed = {
  module: 'contact',
  table: 'crm_contact',
  nameFields: ['firstName', 'lastName'],
  keyFields: ['accountId', 'title', 'ownerId'],
  fields: withSystemFields([
    { name: 'salutation', type: 'picklist', dictType: 'crm_salutation', en: 'Salutation', zh: '称谓', ...unindexed },
    { name: 'firstName', type: 'text', maxLength: 80, en: 'First Name', zh: '名', searchable: true },
    { name: 'lastName', type: 'text', maxLength: 80, en: 'Last Name', zh: '姓', required: true, requiredMessage: 'validation.lastNameRequired', searchable: true },
    { name: 'title', type: 'text', maxLength: 128, en: 'Title', zh: '职务', sortable: false },
    { name: 'department', type: 'text', maxLength: 80, en: 'Department', zh: '部门', sortable: false },
    { name: 'accountId', type: 'lookup', lookupModule: 'account', en: 'Account', zh: '客户' },
    { name: 'reportsToId', type: 'lookup', lookupModule: 'contact', en: 'Reports To', zh: '直属上级' },
    { name: 'email', type: 'email', maxLength: 100, en: 'Email', zh: '邮箱', searchable: true },
    // Mass e-mail skips whoever holds it (crm/email/massEmail.ts); a mail to one person still goes.
    { name: 'emailOptOut', type: 'checkbox', en: 'E-mail Opt-out', zh: '拒收群发邮件', defaultValue: false, sortable: false },
    { name: 'phone', type: 'phone', maxLength: 40, en: 'Phone', zh: '电话', searchable: true, sortable: false },
    { name: 'mobile', type: 'phone', maxLength: 40, en: 'Mobile', zh: '手机', searchable: true, ...unindexed },
    { name: 'leadSource', type: 'picklist', dictType: 'crm_lead_source', en: 'Lead Source', zh: '线索来源' },
    { name: 'birthday', type: 'date', en: 'Birthday', zh: '生日' },
    { name: 'mailingStreet', type: 'text', maxLength: 255, en: 'Mailing Street', zh: '通信街道', ...unindexed },
    { name: 'mailingCity', type: 'text', maxLength: 80, en: 'Mailing City', zh: '通信城市' },
    { name: 'mailingState', type: 'text', maxLength: 80, en: 'Mailing State/Province', zh: '通信省/州', sortable: false },
    { name: 'mailingPostalCode', type: 'text', maxLength: 20, en: 'Mailing Postal Code', zh: '通信邮政编码', ...unindexed },
    { name: 'mailingCountry', type: 'text', maxLength: 80, en: 'Mailing Country', zh: '通信国家', sortable: false },
    { name: 'description', type: 'textarea', maxLength: 32000, en: 'Description', zh: '描述', filterable: false },
    { name: 'sourceLeadId', type: 'lookup', lookupModule: 'leads', en: 'Converted From Lead', zh: '来源线索', readOnly: true },
  ]),
  recordTypes: [
    { name: 'business', en: 'Business Contact', zh: '业务联系人', description: 'People at the companies we sell to', isDefault: true, layout: businessLayout },
    { name: 'partner', en: 'Partner Contact', zh: '合作伙伴联系人', description: 'People at resellers and referral partners', layout: layoutOf({ name: 'Partner Contact Layout', zh: '合作伙伴联系人布局' }, { en: 'Partner Contact Information', zh: '合作伙伴联系人信息' }) },
  ],
  layout: businessLayout,
  // Campaign figures join contact members to present contacts in scope from this index alone (as crm_lead_membership_idx for leads).
  indexes: (_table, col) => [index('crm_contact_membership_idx').on(col('id'), col('dept_id'), col('owner_id')).where(sql`deleted_at is null`)],
  duplicateRules: [
    { key: 'sameEmail', en: 'Same e-mail', zh: '邮箱相同', conditions: [{ field: 'email', match: 'caseInsensitive' }] },
    { key: 'similarNameSameAccount', en: 'Similar name at the same account', zh: '同一客户的相似姓名', conditions: [{ field: 'lastName', match: 'fuzzy' }, { field: 'accountId', match: 'exact' }] },
  ],
  views: [
    { name: 'all', en: 'All Contacts', zh: '全部联系人', columns: ['lastName', 'firstName', 'accountId', 'title', 'email', 'phone', 'ownerId'] },
    { name: 'mine', en: 'My Contacts', zh: '我的联系人', ownerScope: 'mine', columns: ['lastName', 'firstName', 'accountId', 'title', 'email', 'phone', 'createTime'] },
    {
      name: 'newThisWeek', en: 'New This Week', zh: '本周新建', columns: ['lastName', 'firstName', 'accountId', 'leadSource', 'ownerId', 'createTime'],
      filter: { field: 'createTime', op: 'relative', value: 'thisWeek' },
    },
  ],
};
