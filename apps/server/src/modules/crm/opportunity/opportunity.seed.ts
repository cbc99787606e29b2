import { CURRENCY_DICT } from '@orbit/shared/crm/money';
import { CLOSED_LOST, CLOSED_WON } from '@orbit/shared/crm/opportunityStages';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import type { LayoutSeed, ModuleSeed } from '../engine/moduleSeed';
import { withSystemFields } from '../engine/moduleSeed';

const layout: LayoutSeed = {
  name: 'Opportunity Layout',
  zh: '商机布局',
  sections: [
    {
      key: 'main', en: 'Opportunity Information', zh: '商机信息', columns: 2,
      fields: ['name', 'accountId', 'closeDate', 'stage', 'probability', 'amount', 'currency', 'type', 'leadSource', 'nextStep', 'campaignId', 'lossReason'],
    },
    { key: 'description', en: 'Description', zh: '描述', columns: 1, fields: ['description'] },
    { key: 'system', en: 'System Information', zh: '系统信息', columns: 2, fields: ['ownerId', 'sourceLeadId', 'createTime', 'createBy', 'updateTime', 'updateBy'] },
  ],
};

/** The keys of the board's sums (the kept pipeline totals answer the same ones: pipelineTotals.ts). */
export const PIPELINE_SUMS = { amount: 'amount', weighted: 'weighted' } as const;

/** Opportunities: deals in the pipeline, by stage. */
export const opportunitySeed: ModuleSeed = {
  module: 'opportunity',
  table: 'crm_opportunity',
  nameFields: ['name'],
  keyFields: ['accountId', 'stage', 'ownerId'],
  // Totals convert a deal at the rate of the day it closes (or is expected to).
  moneyDate: 'closeDate',
  path: { field: 'stage', closed: [CLOSED_WON, CLOSED_LOST], byAction: [] },
  // The pipeline: by stage, each column's total and weighted amount, soonest close date first.
  board: {
    field: 'stage',
    sums: [
      { key: PIPELINE_SUMS.amount, field: 'amount', en: 'Total', zh: '合计' },
      { key: PIPELINE_SUMS.weighted, field: 'amount', weightBy: 'probability', en: 'Weighted', zh: '加权' },
    ],
    cardOrder: { field: 'closeDate', direction: 'asc' },
  },
  fields: withSystemFields([
    { name: 'name', type: 'text', maxLength: 255, en: 'Opportunity Name', zh: '商机名称', required: true, searchable: true },
    { name: 'accountId', type: 'lookup', lookupModule: 'account', en: 'Account', zh: '客户', required: true },
    { name: 'closeDate', type: 'date', en: 'Close Date', zh: '预计成交日期', required: true },
    { name: 'stage', type: 'picklist', dictType: OPPORTUNITY_STAGE_DICT, en: 'Stage', zh: '阶段', required: true, defaultValue: 'prospecting' },
    { name: 'probability', type: 'percent', decimals: 0, en: 'Probability (%)', zh: '赢单概率（%）' },
    { name: 'amount', type: 'currency', en: 'Amount', zh: '金额' },
    { name: 'currency', type: 'picklist', dictType: CURRENCY_DICT, en: 'Currency', zh: '货币', required: true, help: { en: 'The currency of this record\'s amounts; new records take the organisation currency.', zh: '本记录金额的货币；新记录默认为组织货币。' } },
    { name: 'type', type: 'picklist', dictType: 'crm_opportunity_type', en: 'Type', zh: '类型' },
    { name: 'leadSource', type: 'picklist', dictType: 'crm_lead_source', en: 'Lead Source', zh: '线索来源' },
    { name: 'nextStep', type: 'text', maxLength: 255, en: 'Next Step', zh: '下一步' },
    { name: 'campaignId', type: 'lookup', lookupModule: 'campaign', en: 'Campaign', zh: '市场活动' },
    { name: 'lossReason', type: 'text', maxLength: 255, en: 'Loss Reason', zh: '输单原因' },
    { name: 'description', type: 'textarea', maxLength: 32000, en: 'Description', zh: '描述', filterable: false },
    { name: 'sourceLeadId', type: 'lookup', lookupModule: 'leads', en: 'Converted From Lead', zh: '来源线索', readOnly: true },
  ]),
  recordTypes: [],
  layout,
  views: [
    { name: 'all', en: 'All Opportunities', zh: '全部商机', columns: ['name', 'accountId', 'stage', 'amount', 'closeDate', 'ownerId'] },
    { name: 'mine', en: 'My Opportunities', zh: '我的商机', ownerScope: 'mine', columns: ['name', 'accountId', 'stage', 'amount', 'closeDate', 'probability'] },
    {
      name: 'closingThisQuarter', en: 'Closing This Quarter', zh: '本季度成交', columns: ['name', 'accountId', 'stage', 'amount', 'closeDate', 'ownerId'],
      sortField: 'closeDate', sortOrder: 'asc', filter: { field: 'closeDate', op: 'relative', value: 'thisQuarter' },
    },
    {
      name: 'won', en: 'Won', zh: '已赢单', columns: ['name', 'accountId', 'amount', 'closeDate', 'ownerId'],
      sortField: 'closeDate', filter: { field: 'stage', op: 'eq', value: 'closed_won' },
    },
  ],
};
