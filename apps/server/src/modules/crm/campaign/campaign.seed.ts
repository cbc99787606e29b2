import { CURRENCY_DICT } from '@orbit/shared/crm/money';
import type { LayoutSeed, ModuleSeed } from '../engine/moduleSeed';
import { withSystemFields } from '../engine/moduleSeed';

const layout: LayoutSeed = {
  name: 'Campaign Layout',
  zh: '市场活动布局',
  sections: [
    { key: 'main', en: 'Campaign Information', zh: '市场活动信息', columns: 2, fields: ['name', 'type', 'status', 'active', 'startDate', 'endDate', 'parentCampaignId'] },
    { key: 'planning', en: 'Planning', zh: '预算与预期', columns: 2, fields: ['budgetedCost', 'actualCost', 'expectedRevenue', 'currency', 'expectedResponse'] },
    { key: 'description', en: 'Description', zh: '描述', columns: 1, fields: ['description'] },
    { key: 'system', en: 'System Information', zh: '系统信息', columns: 2, fields: ['ownerId', 'createTime', 'createBy', 'updateTime', 'updateBy'] },
  ],
};

/** Campaigns: marketing efforts whose members are leads, measured by what they bring in. */
export const campaignSeed: ModuleSeed = {
  module: 'campaign',
  table: 'crm_campaign',
  nameFields: ['name'],
  // Campaigns move through their status (planned, active, completed…); their type is a category.
  board: { field: 'status' },
  keyFields: ['status', 'ownerId'],
  fields: withSystemFields([
    { name: 'name', type: 'text', maxLength: 255, en: 'Campaign Name', zh: '市场活动名称', required: true, unique: true, searchable: true },
    { name: 'type', type: 'picklist', dictType: 'crm_campaign_type', en: 'Type', zh: '类型' },
    { name: 'status', type: 'picklist', dictType: 'crm_campaign_status', en: 'Status', zh: '状态', defaultValue: 'planned' },
    { name: 'active', type: 'checkbox', en: 'Active', zh: '启用', defaultValue: true },
    { name: 'startDate', type: 'date', en: 'Start Date', zh: '开始日期' },
    { name: 'endDate', type: 'date', en: 'End Date', zh: '结束日期' },
    { name: 'parentCampaignId', type: 'lookup', lookupModule: 'campaign', en: 'Parent Campaign', zh: '上级市场活动' },
    { name: 'budgetedCost', type: 'currency', en: 'Budgeted Cost', zh: '预算成本' },
    { name: 'actualCost', type: 'currency', en: 'Actual Cost', zh: '实际成本' },
    { name: 'expectedRevenue', type: 'currency', en: 'Expected Revenue', zh: '预期收入' },
    { name: 'currency', type: 'picklist', dictType: CURRENCY_DICT, en: 'Currency', zh: '货币', required: true, help: { en: 'The currency of this record\'s amounts; new records take the organisation currency.', zh: '本记录金额的货币；新记录默认为组织货币。' } },
    { name: 'expectedResponse', type: 'percent', decimals: 2, en: 'Expected Response (%)', zh: '预期响应率（%）' },
    { name: 'description', type: 'textarea', maxLength: 32000, en: 'Description', zh: '描述', filterable: false },
  ]),
  recordTypes: [],
  layout,
  views: [
    { name: 'all', en: 'All Campaigns', zh: '全部市场活动', columns: ['name', 'type', 'status', 'startDate', 'endDate', 'ownerId'] },
    {
      name: 'active', en: 'Active Campaigns', zh: '进行中的市场活动', columns: ['name', 'type', 'startDate', 'endDate', 'budgetedCost', 'ownerId'],
      filter: { field: 'status', op: 'eq', value: 'active' },
    },
  ],
};
