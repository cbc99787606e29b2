import { sql } from 'drizzle-orm';
import { reportDefinition, type ReportDefinition } from '@orbit/shared/crm/report';
import type { Executor } from '../../../db/client';
import { crmReport } from '../../../db/schema/crmReport';

/** A built-in (fixed) template: copied by users, never changed. */
/** `isTemplate: false`: a built-in report (the sales dashboard's), fixed like the templates but not offered as one. */
export type ReportTemplate = { key: string; en: string; zh: string; description: string; descriptionZh: string; isTemplate?: boolean; definition: ReportDefinition };

export const REPORT_TEMPLATES: ReportTemplate[] = [
  {
    key: 'pipelineByStage',
    en: 'Pipeline by stage',
    zh: '按阶段的销售管道',
    description: 'Open opportunities per stage: how many and how much',
    descriptionZh: '各阶段未关闭商机的数量和金额',
    definition: {
      module: 'opportunity',
      columns: ['name', 'accountId', 'stage', 'amount', 'closeDate', 'ownerId'],
      filter: { field: 'stage', op: 'notIn', value: ['closed_won', 'closed_lost'] },
      format: 'summary',
      groupRows: [{ field: 'stage' }],
      aggregates: [{ fn: 'sum', field: 'amount' }, { fn: 'count' }],
      chart: { type: 'funnel', aggregate: 0 },
    },
  },
  {
    key: 'wonByOwnerQuarter',
    en: 'Won by owner per quarter',
    zh: '按负责人和季度的赢单',
    description: 'Won amount of each owner in each quarter of closing',
    descriptionZh: '每位负责人在各结单季度的赢单金额',
    definition: {
      module: 'opportunity',
      columns: ['name', 'accountId', 'amount', 'closeDate', 'ownerId'],
      filter: { field: 'stage', op: 'eq', value: 'closed_won' },
      format: 'matrix',
      groupRows: [{ field: 'ownerId' }],
      groupColumns: [{ field: 'closeDate', bucket: 'quarter' }],
      aggregates: [{ fn: 'sum', field: 'amount' }, { fn: 'count' }],
      chart: { type: 'column', aggregate: 0 },
    },
  },
  {
    key: 'leadsBySourceStatus',
    en: 'Leads by source and status',
    zh: '按来源和状态的线索',
    description: 'Lead count per source, split by status',
    descriptionZh: '按来源统计线索数量，并按状态细分',
    definition: {
      module: 'leads',
      columns: ['firstName', 'lastName', 'company', 'leadSource', 'status', 'ownerId'],
      format: 'matrix',
      groupRows: [{ field: 'leadSource' }],
      groupColumns: [{ field: 'status' }],
      aggregates: [{ fn: 'count' }],
      chart: { type: 'bar', aggregate: 0 },
    },
  },
  {
    key: 'overdueTasksByAssignee',
    en: 'Overdue tasks by assignee',
    zh: '按被分配人的逾期任务',
    description: 'Open tasks due before today, per assignee',
    descriptionZh: '截止日期早于今天的未完成任务，按被分配人统计',
    definition: {
      module: 'task',
      columns: ['subject', 'dueDate', 'priority', 'name', 'relatedTo', 'ownerId'],
      filter: { and: [{ field: 'dueDate', op: 'relative', value: 'beforeToday' }, { field: 'status', op: 'ne', value: 'completed' }] },
      format: 'summary',
      groupRows: [{ field: 'ownerId' }],
      aggregates: [{ fn: 'count' }],
      chart: { type: 'bar', aggregate: 0 },
    },
  },
  {
    key: 'campaignRoi',
    en: 'Campaign ROI',
    zh: '市场活动投资回报',
    description: 'Won amount of each campaign beside its actual cost',
    descriptionZh: '每个市场活动的赢单金额及其实际成本',
    definition: {
      module: 'opportunity',
      related: 'campaignId',
      columns: ['name', 'campaignId', 'amount', 'campaignId.actualCost', 'closeDate'],
      filter: { and: [{ field: 'stage', op: 'eq', value: 'closed_won' }, { field: 'campaignId', op: 'notEmpty' }] },
      format: 'summary',
      groupRows: [{ field: 'campaignId' }],
      aggregates: [{ fn: 'sum', field: 'amount' }, { fn: 'max', field: 'campaignId.actualCost' }, { fn: 'count' }],
      chart: { type: 'column', aggregate: 0 },
    },
  },
  {
    key: 'callsByOwnerOutcomeWeek',
    en: 'Calls by owner and outcome per week',
    zh: '按负责人、结果和周的通话',
    description: 'Calls logged by each owner in each week, split by outcome',
    descriptionZh: '每位负责人每周记录的通话，按通话结果细分',
    definition: {
      module: 'activity',
      columns: ['subject', 'createTime', 'outcome', 'durationMinutes', 'ownerId'],
      filter: { field: 'kind', op: 'eq', value: 'call' },
      format: 'matrix',
      groupRows: [{ field: 'ownerId' }, { field: 'createTime', bucket: 'week' }],
      groupColumns: [{ field: 'outcome' }],
      aggregates: [{ fn: 'count' }],
      chart: { type: 'column', aggregate: 0 },
    },
  },
  {
    key: 'topOpenOpportunities',
    en: 'Top open opportunities',
    zh: '金额最高的未关闭商机',
    description: 'Open opportunities, largest first',
    descriptionZh: '未关闭的商机，按金额从高到低',
    isTemplate: false,
    definition: {
      module: 'opportunity',
      columns: ['name', 'accountId', 'stage', 'amount', 'closeDate', 'ownerId'],
      filter: { field: 'stage', op: 'notIn', value: ['closed_won', 'closed_lost'] },
      format: 'tabular',
      sort: { field: 'amount', order: 'desc' },
    },
  },
  {
    key: 'wonDeals',
    en: 'Won deals',
    zh: '赢单',
    description: 'Won opportunities by close date, with their total',
    descriptionZh: '按结单日期的赢单商机及其合计',
    isTemplate: false,
    definition: {
      module: 'opportunity',
      columns: ['name', 'closeDate', 'amount', 'ownerId'],
      filter: { field: 'stage', op: 'eq', value: 'closed_won' },
      format: 'tabular',
      sort: { field: 'closeDate', order: 'desc' },
      aggregates: [{ fn: 'sum', field: 'amount' }, { fn: 'count' }],
    },
  },
];

/**
 * Brings the built-in templates to this version at every start (standard data, like the modules'
 * metadata): missing ones are added, shipped ones get the shipped definition. Users never change
 * them ('fixed template cannot be modified'); their copies are theirs.
 */
export async function reconcileReportTemplates(db: Executor): Promise<void> {
  for (const t of REPORT_TEMPLATES) {
    const definition = reportDefinition.parse(t.definition);
    await db
      .insert(crmReport)
      .values({ name: t.en, nameZh: t.zh, description: t.description, descriptionZh: t.descriptionZh, module: definition.module, ownerId: null, isTemplate: t.isTemplate ?? true, builtInKey: t.key, shared: true, definition })
      .onConflictDoUpdate({
        target: crmReport.builtInKey,
        targetWhere: sql`${crmReport.builtInKey} is not null`,
        set: { name: t.en, nameZh: t.zh, description: t.description, descriptionZh: t.descriptionZh, module: definition.module, isTemplate: t.isTemplate ?? true, definition },
      });
  }
}
