import { CURRENCY_DICT } from '@orbit/shared/crm/money';
import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import { LEAD_CONVERTED, LEAD_UNQUALIFIED } from '@orbit/shared/crm/leads';
import type { ModuleSeed, LayoutSeed } from '../engine/moduleSeed';
import { withSystemFields } from '../engine/moduleSeed';

const address = { key: 'address', en: 'Address', zh: '地址', columns: 2 as const, fields: ['street', 'city', 'state', 'postalCode', 'country'] };
const description = { key: 'description', en: 'Description', zh: '描述', columns: 1 as const, fields: ['description'] };
const system = { key: 'system', en: 'System Information', zh: '系统信息', columns: 2 as const, fields: ['ownerId', 'recordTypeId', 'createTime', 'createBy', 'updateTime', 'updateBy'] };

const standardLayout: LayoutSeed = {
  name: 'Lead Layout',
  zh: '线索布局',
  sections: [
    {
      key: 'main', en: 'Lead Information', zh: '线索信息', columns: 2,
      fields: ['salutation', 'firstName', 'lastName', 'title', 'company', 'email', 'emailOptOut', 'phone', 'mobile', 'website', 'leadSource', 'status', 'industry', 'rating', 'annualRevenue', 'currency', 'employees', 'campaignId'],
    },
    address,
    description,
    system,
  ],
};

const partnerLayout: LayoutSeed = {
  name: 'Partner Lead Layout',
  zh: '合作伙伴线索布局',
  sections: [
    {
      key: 'main', en: 'Partner Lead Information', zh: '合作伙伴线索信息', columns: 2,
      fields: ['salutation', 'firstName', 'lastName', 'title', 'company', { field: 'email', required: true }, 'emailOptOut', 'phone', 'mobile', 'website', 'leadSource', 'status', 'industry', 'rating', 'campaignId'],
    },
    address,
    description,
    system,
  ],
};

/** Leads: people who may buy, until they are qualified and converted into an account, an opportunity and a task. */
export const leadsSeed: ModuleSeed = {
  module: 'leads',
  table: 'crm_lead',
  nameFields: ['firstName', 'lastName'],
  keyFields: ['company', 'status', 'ownerId'],
  // A lead ends unqualified, or converted — by converting it, not by choosing the status.
  path: { field: 'status', closed: [LEAD_UNQUALIFIED, LEAD_CONVERTED], byAction: [LEAD_CONVERTED] },
  fields: withSystemFields([
    { name: 'salutation', type: 'picklist', dictType: 'crm_salutation', en: 'Salutation', zh: '称谓', sortable: false, filterable: false },
    { name: 'firstName', type: 'text', maxLength: 80, en: 'First Name', zh: '名', searchable: true },
    { name: 'lastName', type: 'text', maxLength: 80, en: 'Last Name', zh: '姓', required: true, requiredMessage: 'validation.lastNameRequired', searchable: true },
    { name: 'title', type: 'text', maxLength: 128, en: 'Title', zh: '职务', sortable: false },
    { name: 'company', type: 'text', maxLength: 255, en: 'Company', zh: '公司', searchable: true },
    { name: 'email', type: 'email', maxLength: 100, en: 'Email', zh: '邮箱', searchable: true },
    // Mass e-mail skips whoever holds it (crm/email/massEmail.ts); a mail to one person still goes.
    { name: 'emailOptOut', type: 'checkbox', en: 'E-mail Opt-out', zh: '拒收群发邮件', defaultValue: false, sortable: false },
    { name: 'phone', type: 'phone', maxLength: 40, en: 'Phone', zh: '电话', searchable: true, sortable: false },
    { name: 'mobile', type: 'phone', maxLength: 40, en: 'Mobile', zh: '手机', searchable: true, sortable: false, filterable: false },
    { name: 'website', type: 'url', maxLength: 255, en: 'Website', zh: '网站', sortable: false, filterable: false },
    { name: 'leadSource', type: 'picklist', dictType: 'crm_lead_source', en: 'Lead Source', zh: '线索来源' },
    { name: 'status', type: 'picklist', dictType: 'crm_lead_status', en: 'Lead Status', zh: '线索状态', required: true, defaultValue: 'new' },
    { name: 'industry', type: 'picklist', dictType: 'crm_industry', en: 'Industry', zh: '行业' },
    { name: 'rating', type: 'picklist', dictType: 'crm_rating', en: 'Rating', zh: '评级' },
    { name: 'annualRevenue', type: 'currency', en: 'Annual Revenue', zh: '年收入' },
    { name: 'currency', type: 'picklist', dictType: CURRENCY_DICT, en: 'Currency', zh: '货币', required: true, help: { en: 'The currency of this record\'s amounts; new records take the organisation currency.', zh: '本记录金额的货币；新记录默认为组织货币。' } },
    { name: 'employees', type: 'number', decimals: 0, en: 'Employees', zh: '员工人数' },
    { name: 'street', type: 'text', maxLength: 255, en: 'Street', zh: '街道', sortable: false, filterable: false },
    { name: 'city', type: 'text', maxLength: 80, en: 'City', zh: '城市' },
    { name: 'state', type: 'text', maxLength: 80, en: 'State/Province', zh: '省/州', sortable: false },
    { name: 'postalCode', type: 'text', maxLength: 20, en: 'Postal Code', zh: '邮政编码', sortable: false, filterable: false },
    { name: 'country', type: 'text', maxLength: 80, en: 'Country', zh: '国家', sortable: false },
    { name: 'description', type: 'textarea', maxLength: 32000, en: 'Description', zh: '描述', filterable: false },
    { name: 'campaignId', type: 'lookup', lookupModule: 'campaign', en: 'Campaign', zh: '市场活动' },
    { name: 'convertedAccountId', type: 'lookup', lookupModule: 'account', en: 'Converted Account', zh: '转化的客户', readOnly: true },
    { name: 'convertedOpportunityId', type: 'lookup', lookupModule: 'opportunity', en: 'Converted Opportunity', zh: '转化的商机', readOnly: true, sortable: false, filterable: false },
    { name: 'convertedContactId', type: 'lookup', lookupModule: 'contact', en: 'Converted Contact', zh: '转化的联系人', readOnly: true },
    { name: 'convertedAt', type: 'datetime', en: 'Converted', zh: '转化时间', readOnly: true },
  ]),
  recordTypes: [
    { name: 'standard', en: 'Standard', zh: '标准', description: 'Leads from customers buying for themselves', isDefault: true, layout: standardLayout },
    { name: 'partner', en: 'Partner', zh: '合作伙伴', description: 'Leads brought in by a reseller or referral partner', layout: partnerLayout },
  ],
  layout: standardLayout,
  // Campaign figures read each member lead through this index alone (present, converted, in scope):
  // an index-only probe per member instead of the table's rows (docs/bench-campaigns.md).
  indexes: (table, col) => [
    index('crm_lead_membership_idx').on(col('id'), col('converted_at'), col('dept_id'), col('owner_id')).where(sql`deleted_at is null`),
    // My day's "leads assigned to me this week" (modules/crm/myDay): an owner's newest leads.
    index(`${table}_owner_created_idx`).on(col('owner_id'), col('create_time')).where(sql`deleted_at is null`),
  ],
  // The duplicate rule "similar name at the same company" finds a company's leads by a btree on
  // lower(company): the trigram index answers the same question in milliseconds a record once a
  // company has a few hundred leads (4 ms against 0.04 at a million leads), a btree in microseconds.
  caseInsensitiveKeys: ['company'],
  duplicateRules: [
    { key: 'sameEmail', en: 'Same e-mail', zh: '邮箱相同', conditions: [{ field: 'email', match: 'caseInsensitive' }] },
    { key: 'similarNameSameCompany', en: 'Similar name at the same company', zh: '同一公司的相似姓名', conditions: [{ field: 'lastName', match: 'fuzzy' }, { field: 'company', match: 'caseInsensitive' }] },
  ],
  views: [
    { name: 'all', en: 'All Leads', zh: '全部线索', columns: ['lastName', 'firstName', 'company', 'email', 'phone', 'status', 'leadSource', 'ownerId', 'createTime'] },
    { name: 'mine', en: 'My Leads', zh: '我的线索', ownerScope: 'mine', columns: ['lastName', 'firstName', 'company', 'email', 'phone', 'status', 'rating', 'createTime'] },
    {
      name: 'open', en: 'Open Leads', zh: '未转化线索', columns: ['lastName', 'firstName', 'company', 'status', 'rating', 'ownerId', 'createTime'],
      filter: { field: 'status', op: 'in', value: ['new', 'contacted', 'qualified'] },
    },
    {
      name: 'hot', en: 'Hot Leads', zh: '热门线索', columns: ['lastName', 'firstName', 'company', 'email', 'phone', 'status', 'ownerId'],
      filter: { and: [{ field: 'rating', op: 'eq', value: 'hot' }, { field: 'status', op: 'ne', value: LEAD_CONVERTED }] },
    },
    {
      name: 'newThisWeek', en: 'New This Week', zh: '本周新建', columns: ['lastName', 'firstName', 'company', 'leadSource', 'ownerId', 'createTime'],
      filter: { field: 'createTime', op: 'relative', value: 'thisWeek' },
    },
  ],
};
