import { CURRENCY_DICT } from '@orbit/shared/crm/money';
import type { LayoutSeed, ModuleSeed } from '../engine/moduleSeed';
import { withSystemFields } from '../engine/moduleSeed';

const address = (prefix: 'billing' | 'shipping', en: string, zh: string) => ({
  key: prefix, en, zh, columns: 2 as const,
  fields: ['Street', 'City', 'State', 'PostalCode', 'Country'].map((part) => `${prefix}${part}`),
});

const layoutOf = ({ name, zh }: { name: string; zh: string }, mainTitle: { en: string; zh: string }): LayoutSeed => ({
  name,
  zh,
  sections: [
    {
      key: 'main', ...mainTitle, columns: 2,
      fields: ['name', 'type', 'industry', 'rating', 'phone', 'website', 'annualRevenue', 'currency', 'employees', 'parentAccountId'],
    },
    address('billing', 'Billing Address', '账单地址'),
    address('shipping', 'Shipping Address', '收货地址'),
    { key: 'description', en: 'Description', zh: '描述', columns: 1, fields: ['description'] },
    { key: 'system', en: 'System Information', zh: '系统信息', columns: 2, fields: ['ownerId', 'recordTypeId', 'sourceLeadId', 'createTime', 'createBy', 'updateTime'] },
  ],
});

const unindexed = { sortable: false, filterable: false };

const addressFields = (prefix: 'billing' | 'shipping', en: string, zh: string) => [
  { name: `${prefix}Street`, type: 'text' as const, maxLength: 255, en: `${en} Street`, zh: `${zh}街道`, ...unindexed },
  // Billing city and country filter and sort the list; shipping addresses are read, not searched.
  { name: `${prefix}City`, type: 'text' as const, maxLength: 80, en: `${en} City`, zh: `${zh}城市`, ...(prefix === 'billing' ? {} : unindexed) },
  { name: `${prefix}State`, type: 'text' as const, maxLength: 80, en: `${en} State/Province`, zh: `${zh}省/州`, ...unindexed },
  { name: `${prefix}PostalCode`, type: 'text' as const, maxLength: 20, en: `${en} Postal Code`, zh: `${zh}邮政编码`, ...unindexed },
  { name: `${prefix}Country`, type: 'text' as const, maxLength: 80, en: `${en} Country`, zh: `${zh}国家`, ...(prefix === 'billing' ? {} : unindexed) },
];

const customerLayout = layoutOf({ name: 'Customer Account Layout', zh: '客户布局' }, { en: 'Customer Information', zh: '客户信息' });

/** Accounts: the companies the organisation sells to, works with or competes against. */
export const accountSeed: ModuleSeed = {
  module: 'account',
  table: 'crm_account',
  nameFields: ['name'],
  keyFields: ['type', 'industry', 'ownerId'],
  fields: withSystemFields([
    { name: 'name', type: 'text', maxLength: 255, en: 'Account Name', zh: '客户名称', required: true, searchable: true },
    { name: 'type', type: 'picklist', dictType: 'crm_account_type', en: 'Type', zh: '类型' },
    { name: 'industry', type: 'picklist', dictType: 'crm_industry', en: 'Industry', zh: '行业' },
    { name: 'rating', type: 'picklist', dictType: 'crm_rating', en: 'Rating', zh: '评级' },
    { name: 'phone', type: 'phone', maxLength: 40, en: 'Phone', zh: '电话', searchable: true },
    { name: 'website', type: 'url', maxLength: 255, en: 'Website', zh: '网站', searchable: true },
    { name: 'annualRevenue', type: 'currency', en: 'Annual Revenue', zh: '年收入' },
    { name: 'currency', type: 'picklist', dictType: CURRENCY_DICT, en: 'Currency', zh: '货币', required: true, help: { en: 'The currency of this record\'s amounts; new records take the organisation currency.', zh: '本记录金额的货币；新记录默认为组织货币。' } },
    { name: 'employees', type: 'number', decimals: 0, en: 'Employees', zh: '员工人数' },
    { name: 'parentAccountId', type: 'lookup', lookupModule: 'account', en: 'Parent Account', zh: '上级客户' },
    ...addressFields('billing', 'Billing', '账单'),
    ...addressFields('shipping', 'Shipping', '收货'),
    { name: 'description', type: 'textarea', maxLength: 32000, en: 'Description', zh: '描述', filterable: false },
    { name: 'sourceLeadId', type: 'lookup', lookupModule: 'leads', en: 'Converted From Lead', zh: '来源线索', readOnly: true },
  ]),
  recordTypes: [
    { name: 'customer', en: 'Customer', zh: '客户', description: 'Companies that buy from us', isDefault: true, layout: customerLayout },
    { name: 'partner', en: 'Partner', zh: '合作伙伴', description: 'Resellers and referral partners', layout: layoutOf({ name: 'Partner Account Layout', zh: '合作伙伴客户布局' }, { en: 'Partner Information', zh: '合作伙伴信息' }) },
    { name: 'prospect', en: 'Prospect', zh: '潜在客户', description: 'Companies we are talking to', layout: layoutOf({ name: 'Prospect Account Layout', zh: '潜在客户布局' }, { en: 'Prospect Information', zh: '潜在客户信息' }) },
  ],
  layout: customerLayout,
  duplicateRules: [
    { key: 'similarName', en: 'Similar account name', zh: '客户名称相似', conditions: [{ field: 'name', match: 'fuzzy' }], threshold: 0.7 },
    { key: 'samePhone', en: 'Same phone number', zh: '电话相同', conditions: [{ field: 'phone', match: 'phone' }] },
  ],
  views: [
    { name: 'all', en: 'All Accounts', zh: '全部客户', columns: ['name', 'type', 'industry', 'phone', 'billingCity', 'ownerId'] },
    { name: 'mine', en: 'My Accounts', zh: '我的客户', ownerScope: 'mine', columns: ['name', 'type', 'industry', 'phone', 'billingCity', 'createTime'] },
  ],
};
