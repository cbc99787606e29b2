import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { CODE } from '@orbit/shared/constants';
import { WIDGET_TABLE_ROWS, type DashboardData, type DashboardMeta, type DashboardWidget, type FigurePeriod, type WidgetData } from '@orbit/shared/contract/dashboard';
import type { createDashboardBody } from '@orbit/shared/contract/dashboard';
import { layoutProblem } from '@orbit/shared/crm/dashboardLayout';
import { resolveRelativeDate } from '@orbit/shared/crm/relativeDates';
import type { z } from 'zod';
import type { Currency } from '@orbit/shared/crm/money';
import type { Db } from '../../../db/client';
import { crmDashboard, crmReport } from '../../../db/schema/crmReport';
import { sysRole } from '../../../db/schema/organisation';
import { AppError, fieldError, notFound } from '../../../lib/errors';
import { uniqueViolationError } from '../../../lib/uniqueViolation';
import type { CurrentUser } from '../../auth/currentUser';
import { displayCurrencyOf } from '../money/displayCurrency';
import type { ReportNarrowing } from '../report/reportCompiler';
import { reportVisibleTo, type Reports } from '../report/reports';

type DashboardRow = typeof crmDashboard.$inferSelect;
type Body = z.output<typeof createDashboardBody>;

const PREVIOUS: Record<FigurePeriod, Parameters<typeof resolveRelativeDate>[0]> = { thisWeek: 'lastWeek', thisMonth: 'lastMonth', thisQuarter: 'lastQuarter', thisYear: 'lastYear' };

const DAY = 86_400_000;
const dayOf = (text: string) => Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
const textOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A half-open relative range [from, to) as inclusive days. */
const inclusive = (range: { from: string | null; to: string | null }) => ({ from: range.from!, to: textOf(dayOf(range.to!) - DAY) });

/** The range a figure shows and the one it is compared with: the dashboard's range and as many days before it, or the widget's period and the one before. */
export function figureRanges(widget: DashboardWidget, narrowing: ReportNarrowing, now = new Date()): { current: { from: string; to: string }; previous: { from: string; to: string } } | null {
  if (narrowing.from && narrowing.to) {
    const length = (dayOf(narrowing.to) - dayOf(narrowing.from)) / DAY + 1;
    return { current: { from: narrowing.from, to: narrowing.to }, previous: { from: textOf(dayOf(narrowing.from) - length * DAY), to: textOf(dayOf(narrowing.from) - DAY) } };
  }
  if (!widget.period) return null;
  return { current: inclusive(resolveRelativeDate(widget.period, now)), previous: inclusive(resolveRelativeDate(PREVIOUS[widget.period], now)) };
}

/** Who sees a dashboard: the built-in ones and shared ones everyone with dashboard access, a private one its owner, all an administrator. */
function visibleTo(user: CurrentUser): SQL | undefined {
  if (user.isAdmin) return undefined;
  return sql`(${crmDashboard.ownerId} is null or ${crmDashboard.shared} or ${crmDashboard.ownerId} = ${user.userId})`;
}

const mayEdit = (user: CurrentUser, row: DashboardRow) => row.builtInKey === null && (row.ownerId === user.userId || user.isAdmin);

/** Dashboards: grids of widgets over saved reports, each widget run in the viewer's scope with the dashboard's filter. */
export function createDashboards(db: Db, reports: Reports) {
  const toMeta = (row: DashboardRow, user: CurrentUser, lang: Language): DashboardMeta => ({
    id: row.id,
    name: lang === 'zh' && row.nameZh ? row.nameZh : row.name,
    ownerId: row.ownerId,
    shared: row.shared,
    builtIn: row.builtInKey !== null,
    canEdit: mayEdit(user, row),
    widgets: row.widgets,
  });

  async function find(user: CurrentUser, id: number): Promise<DashboardRow> {
    const [row] = await db.select().from(crmDashboard).where(and(eq(crmDashboard.id, id), visibleTo(user)));
    if (!row) throw notFound('dashboard.notFound');
    return row;
  }

  async function assertNameFree(user: CurrentUser, name: string, exceptId?: number) {
    const [taken] = await db.select({ id: crmDashboard.id }).from(crmDashboard).where(and(eq(crmDashboard.ownerId, user.userId), sql`lower(${crmDashboard.name}) = lower(${name})`));
    if (taken && taken.id !== exceptId) throw fieldError('name', 'dashboard.nameTaken', { value: name });
  }

  /**
   * A widget may show only a report its saver can see (the editor offers no other): an id typed
   * by hand, deleted or private to someone else is refused. Reports the dashboard already showed
   * stay allowed, so that a report unshared since does not block saving the rest of its layout.
   */
  async function assertReportsVisible(user: CurrentUser, widgets: DashboardWidget[], kept: DashboardWidget[] = []) {
    const known = new Set(kept.map((w) => w.reportId));
    const wanted = [...new Set(widgets.map((w) => w.reportId))].filter((reportId) => !known.has(reportId));
    if (!wanted.length) return;
    const seen = await db.select({ id: crmReport.id }).from(crmReport).where(and(inArray(crmReport.id, wanted), reportVisibleTo(user)));
    if (seen.length !== wanted.length) throw fieldError('widgets', 'dashboard.reportMissing');
  }

  async function guarded<T>(body: Body, write: () => Promise<T>): Promise<T> {
    const problem = layoutProblem(body.widgets);
    if (problem) throw fieldError('widgets', problem);
    try {
      return await write();
    } catch (error) {
      throw uniqueViolationError(error, body) ?? error;
    }
  }

  /** One widget: its report run with the dashboard's narrowing; a report that cannot run says why instead of failing the dashboard. */
  async function widgetData(user: CurrentUser, lang: Language, widget: DashboardWidget, narrowing: ReportNarrowing, currency: Currency, translate: (e: AppError) => string): Promise<WidgetData> {
    try {
      const report = await reports.get(user, widget.reportId, lang, translate);
      if (report.problem) return { report, result: null, previous: null, range: null, error: report.problem };
      if (widget.kind === 'figure') {
        const ranges = figureRanges(widget, narrowing);
        const run = (range: { from: string; to: string } | undefined) =>
          reports.run(user, widget.reportId, lang, { preview: false, pageNum: 1, pageSize: 1, detail: false, narrowing: { ...narrowing, ...range }, currency }, report);
        const [result, previous] = await Promise.all([run(ranges?.current), ranges ? run(ranges.previous) : Promise.resolve(null)]);
        return { report, result, previous, range: ranges?.current ?? null, error: null };
      }
      const result = await reports.run(user, widget.reportId, lang, { preview: false, pageNum: 1, pageSize: WIDGET_TABLE_ROWS, detail: widget.kind === 'table', narrowing, currency }, report);
      return { report, result, previous: null, range: null, error: null };
    } catch (error) {
      if (error instanceof AppError) return { report: null, result: null, previous: null, range: null, error: translate(error) };
      throw error;
    }
  }

  return {
    async list(user: CurrentUser, lang: Language): Promise<DashboardMeta[]> {
      const rows = await db.select().from(crmDashboard).where(visibleTo(user)).orderBy(sql`${crmDashboard.builtInKey} is null`, asc(crmDashboard.id));
      return rows.map((r) => toMeta(r, user, lang));
    },

    async data(user: CurrentUser, id: number, lang: Language, narrowing: ReportNarrowing, translate: (e: AppError) => string): Promise<DashboardData> {
      const row = await find(user, id);
      // The viewer's display currency once for every widget; then the widgets run together, each
      // reading its report once and running one or two statements.
      const { display } = await displayCurrencyOf(db, user.userId);
      const widgets = await Promise.all(row.widgets.map((w) => widgetData(user, lang, w, narrowing, display, translate)));
      return { dashboard: toMeta(row, user, lang), widgets };
    },

    async create(user: CurrentUser, body: Body): Promise<number> {
      return guarded(body, async () => {
        await assertNameFree(user, body.name);
        await assertReportsVisible(user, body.widgets);
        const [row] = await db.insert(crmDashboard).values({ name: body.name, ownerId: user.userId, shared: body.shared, widgets: body.widgets }).returning({ id: crmDashboard.id });
        return row!.id;
      });
    },

    async update(user: CurrentUser, body: Body & { id: number }): Promise<void> {
      await guarded(body, async () => {
        const row = await find(user, body.id);
        if (!mayEdit(user, row)) throw new AppError(CODE.forbidden, 'dashboard.notEditable');
        await assertNameFree(user, body.name, row.id);
        await assertReportsVisible(user, body.widgets, row.widgets);
        await db.update(crmDashboard).set({ name: body.name, shared: body.shared, widgets: body.widgets, updateTime: new Date() }).where(eq(crmDashboard.id, row.id));
      });
    },

    async remove(user: CurrentUser, id: number): Promise<void> {
      const row = await find(user, id);
      if (!mayEdit(user, row)) throw new AppError(CODE.forbidden, 'dashboard.notEditable');
      await db.transaction(async (tx) => {
        // Roles that landed on it go back to the home page.
        await tx.update(sysRole).set({ defaultDashboardId: null }).where(eq(sysRole.defaultDashboardId, row.id));
        await tx.delete(crmDashboard).where(eq(crmDashboard.id, row.id));
      });
    },
  };
}
