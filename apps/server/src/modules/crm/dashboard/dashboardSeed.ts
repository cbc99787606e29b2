import { inArray, sql } from 'drizzle-orm';
import type { DashboardWidget } from '@orbit/shared/contract/dashboard';
import type { Executor } from '../../../db/client';
import { crmDashboard, crmReport } from '../../../db/schema/crmReport';

type WidgetSeed = Omit<DashboardWidget, 'reportId'> & { report: string };

/**
 * The sales dashboard every install starts with, over the built-in reports (on the demo data it
 * shows a live pipeline): won this quarter against last, the open pipeline, overdue tasks, new leads
 * this month; the pipeline by stage, won by owner per quarter, the top open opportunities, leads by
 * source, overdue tasks by assignee and campaign ROI.
 */
const SALES_WIDGETS: WidgetSeed[] = [
  { report: 'wonDeals', kind: 'figure', period: 'thisQuarter', x: 0, y: 0, w: 3, h: 2 },
  { report: 'pipelineByStage', kind: 'figure', x: 3, y: 0, w: 3, h: 2 },
  { report: 'overdueTasksByAssignee', kind: 'figure', x: 6, y: 0, w: 3, h: 2 },
  { report: 'leadsBySourceStatus', kind: 'figure', period: 'thisMonth', x: 9, y: 0, w: 3, h: 2 },
  { report: 'pipelineByStage', kind: 'chart', x: 0, y: 2, w: 6, h: 4 },
  { report: 'wonByOwnerQuarter', kind: 'chart', x: 6, y: 2, w: 6, h: 4 },
  { report: 'topOpenOpportunities', kind: 'table', x: 0, y: 6, w: 6, h: 4 },
  { report: 'leadsBySourceStatus', kind: 'chart', x: 6, y: 6, w: 6, h: 4 },
  { report: 'overdueTasksByAssignee', kind: 'chart', x: 0, y: 10, w: 6, h: 3 },
  { report: 'campaignRoi', kind: 'chart', x: 6, y: 10, w: 6, h: 3 },
];

/** Adds the built-in sales dashboard, or brings its widgets to this version (after the built-in reports). */
export async function reconcileSalesDashboard(db: Executor): Promise<void> {
  const keys = [...new Set(SALES_WIDGETS.map((w) => w.report))];
  const rows = await db.select({ id: crmReport.id, key: crmReport.builtInKey }).from(crmReport).where(inArray(crmReport.builtInKey, keys));
  const idOf = new Map(rows.map((r) => [r.key, r.id]));
  const widgets: DashboardWidget[] = SALES_WIDGETS.flatMap(({ report, ...w }) => (idOf.has(report) ? [{ ...w, reportId: idOf.get(report)! }] : []));
  await db
    .insert(crmDashboard)
    .values({ name: 'Sales dashboard', nameZh: '销售仪表盘', ownerId: null, builtInKey: 'sales', shared: true, widgets })
    .onConflictDoUpdate({ target: crmDashboard.builtInKey, targetWhere: sql`${crmDashboard.builtInKey} is not null`, set: { name: 'Sales dashboard', nameZh: '销售仪表盘', widgets } });
}
