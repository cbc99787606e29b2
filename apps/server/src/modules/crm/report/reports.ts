import { securedDef } from '../fieldSecurity/fieldAccess';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { CODE } from '@orbit/shared/constants';
import type { ReportMeta, ReportShareTargets } from '@orbit/shared/contract/report';
import type { z } from 'zod';
import type { createReportBody, reportListQuery } from '@orbit/shared/contract/report';
import { reportDefinition, type CheckedReportDefinition } from '@orbit/shared/crm/report';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Db, Executor } from '../../../db/client';
import { primaryOnly, type Reporting } from '../../../db/reporting';
import { crmReport } from '../../../db/schema/crmReport';
import { sysUser } from '../../../db/schema/organisation';
import { AppError, badRequest, fieldError, notFound } from '../../../lib/errors';
import { uniqueViolationError } from '../../../lib/uniqueViolation';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { metadataOf } from '../engine/metadata/metadataStore';
import { rowsOf } from '../engine/query/sql';
import { resolveReport, type ResolvedReport } from './reportCheck';
import { runReport, type RunOptions } from './reportRunner';

type ReportRow = typeof crmReport.$inferSelect;
type CheckedBody = z.output<typeof createReportBody>;
export type ReportListQuery = z.output<typeof reportListQuery>;

/**
 * Who sees a report: built-in templates and their own reports everyone, everything an
 * administrator; a shared report those holding one of its roles or belonging to one of its
 * departments or one below it — or everyone when it names neither.
 */
export function reportVisibleTo(user: CurrentUser): SQL | undefined {
  if (user.isAdmin) return undefined;
  const roleIds = user.roles.map((r) => r.roleId);
  const roles = `{${roleIds.join(',')}}`;
  const inDept =
    user.deptId === null
      ? sql`false`
      : sql`exists (select 1 from sys_dept d where d.dept_id = ${user.deptId} and (d.dept_id = any(${crmReport.shareDepts}) or string_to_array(d.ancestors, ',')::bigint[] && ${crmReport.shareDepts}))`;
  return sql`(${crmReport.ownerId} is null or ${crmReport.ownerId} = ${user.userId} or (${crmReport.shared} and (
    (cardinality(${crmReport.shareRoles}) = 0 and cardinality(${crmReport.shareDepts}) = 0)
    or ${crmReport.shareRoles} && ${roles}::bigint[] or ${inDept})))`;
}

const mayEdit = (user: CurrentUser, row: ReportRow) => row.builtInKey === null && (row.ownerId === user.userId || user.isAdmin);

/** The caller must be able to list the records a report is about (its module, and its related module). */
function assertModuleAccess(user: CurrentUser, report: ResolvedReport): void {
  const modules = [report.base.module, ...(report.related ? [report.related.def.module] : [])];
  for (const m of modules) if (!hasPermission(user, PERMISSIONS[m].list)) throw new AppError(CODE.forbidden, 'report.moduleNotAllowed');
}

/** The roles and departments a report may be shared with (active ones, by name). */
export async function shareTargets(db: Executor): Promise<ReportShareTargets> {
  const [roles, depts] = await Promise.all([
    rowsOf<{ id: unknown; name: unknown }>(db, sql`select role_id as id, role_name as name from sys_role where del_flag = '0' and status = '0' order by role_sort, role_id`),
    rowsOf<{ id: unknown; name: unknown; parent_id: unknown }>(db, sql`select dept_id as id, dept_name as name, parent_id from sys_dept where del_flag = '0' and status = '0' order by parent_id, order_num, dept_id`),
  ]);
  return {
    roles: roles.map((r) => ({ id: Number(r.id), name: String(r.name) })),
    depts: depts.map((d) => ({ id: Number(d.id), name: String(d.name), parentId: Number(d.parent_id) })),
  };
}

/**
 * The saved reports service: definitions checked against the metadata, sharing, templates, runs in
 * the viewer's scope. Runs and previews read their records through `reporting` (the replica, when
 * there is one); the reports themselves and the metadata are read from the primary, which has every
 * change the user has just made (docs/scaling.md).
 */
export function createReports(db: Db, reporting: Reporting = primaryOnly(db)) {
  const meta = metadataOf(db);
  // Checked against the metadata as the user sees it: a hidden field (field-level security) is unknown
  // to them as a column, a group, a filter or a chart's measure, so a report naming one is refused.
  const resolve = (definition: CheckedReportDefinition, lang: Language, user: CurrentUser) => resolveReport(definition, (m) => securedDef(meta.module(m), user), lang);

  /** Why a saved definition cannot run any more (a deleted field), or null. */
  function problemOf(row: ReportRow, user: CurrentUser, lang: Language, translate: (key: AppError) => string): string | null {
    try {
      resolve(reportDefinition.parse(row.definition), lang, user);
      return null;
    } catch (error) {
      if (error instanceof AppError) return translate(error);
      return String(error);
    }
  }

  function toMeta(row: ReportRow & { ownerName?: string | null }, user: CurrentUser, lang: Language, translate: (e: AppError) => string): ReportMeta {
    return {
      id: row.id,
      name: lang === 'zh' && row.nameZh ? row.nameZh : row.name,
      description: lang === 'zh' && row.descriptionZh ? row.descriptionZh : row.description,
      module: row.module as ReportMeta['module'],
      ownerId: row.ownerId,
      ownerName: row.ownerName ?? null,
      isTemplate: row.isTemplate,
      fixed: row.builtInKey !== null,
      shared: row.shared,
      shareRoles: row.shareRoles,
      shareDepts: row.shareDepts,
      definition: row.definition,
      canEdit: mayEdit(user, row),
      problem: problemOf(row, user, lang, translate),
      createTime: row.createTime.toISOString(),
      updateTime: row.updateTime?.toISOString() ?? null,
    };
  }

  async function runnable(user: CurrentUser, id: number, lang: Language, found?: Pick<ReportRow, 'definition'>): Promise<ResolvedReport> {
    const row = found ?? (await find(db, user, id));
    const report = resolve(reportDefinition.parse(row.definition), lang, user);
    assertModuleAccess(user, report);
    return report;
  }

  async function find(tx: Executor, user: CurrentUser, id: number): Promise<ReportRow> {
    const [row] = await tx.select().from(crmReport).where(and(eq(crmReport.id, id), reportVisibleTo(user)));
    if (!row) throw notFound('report.notFound');
    return row;
  }

  async function assertNameFree(tx: Executor, user: CurrentUser, name: string, exceptId?: number) {
    const [taken] = await tx
      .select({ id: crmReport.id })
      .from(crmReport)
      .where(and(eq(crmReport.ownerId, user.userId), sql`lower(${crmReport.name}) = lower(${name})`));
    if (taken && taken.id !== exceptId) throw fieldError('name', 'report.nameTaken', { value: name });
  }

  const columnsOf = (body: CheckedBody) => ({
    name: body.name,
    description: body.description,
    module: body.definition.module,
    isTemplate: body.isTemplate,
    shared: body.shared,
    shareRoles: body.shared ? body.shareRoles : [],
    shareDepts: body.shared ? body.shareDepts : [],
    definition: body.definition,
  });

  /** A write that races past the name check answers the same message as the check. */
  async function guarded<T>(body: { name: string }, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      throw uniqueViolationError(error, body) ?? error;
    }
  }

  return {
    find,
    resolve,
    toMeta,

    async list(user: CurrentUser, lang: Language, query: ReportListQuery, translate: (e: AppError) => string) {
      const where = and(
        reportVisibleTo(user),
        query.module ? eq(crmReport.module, query.module) : undefined,
        query.name ? sql`(${crmReport.name} ilike ${`%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or ${crmReport.nameZh} ilike ${`%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})` : undefined,
        query.kind === 'templates' ? eq(crmReport.isTemplate, true) : query.kind === 'reports' ? eq(crmReport.isTemplate, false) : undefined,
      );
      const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(crmReport).where(where);
      const rows = await db
        .select({ report: crmReport, ownerName: sysUser.nickName })
        .from(crmReport)
        .leftJoin(sysUser, eq(sysUser.userId, crmReport.ownerId))
        .where(where)
        .orderBy(sql`${crmReport.builtInKey} is null`, sql`case when ${crmReport.builtInKey} is not null then ${crmReport.id} end`, sql`coalesce(${crmReport.updateTime}, ${crmReport.createTime}) desc`, desc(crmReport.id))
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize);
      return { total: Number(count?.total ?? 0), rows: rows.map((r) => toMeta({ ...r.report, ownerName: r.ownerName }, user, lang, translate)) };
    },

    async get(user: CurrentUser, id: number, lang: Language, translate: (e: AppError) => string): Promise<ReportMeta> {
      const [row] = await db
        .select({ report: crmReport, ownerName: sysUser.nickName })
        .from(crmReport)
        .leftJoin(sysUser, eq(sysUser.userId, crmReport.ownerId))
        .where(and(eq(crmReport.id, id), reportVisibleTo(user)));
      if (!row) throw notFound('report.notFound');
      return toMeta({ ...row.report, ownerName: row.ownerName }, user, lang, translate);
    },

    async create(user: CurrentUser, body: CheckedBody, lang: Language): Promise<number> {
      assertModuleAccess(user, resolve(body.definition, lang, user));
      return guarded(body, () =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, user, body.name);
          const [row] = await tx.insert(crmReport).values({ ownerId: user.userId, ...columnsOf(body) }).returning({ id: crmReport.id });
          return row!.id;
        }),
      );
    },

    async update(user: CurrentUser, body: z.output<typeof createReportBody> & { id: number }, lang: Language): Promise<void> {
      await guarded(body, () =>
        db.transaction(async (tx) => {
          const row = await find(tx, user, body.id);
          if (row.builtInKey !== null) throw badRequest('report.fixedTemplate');
          if (!mayEdit(user, row)) throw new AppError(CODE.forbidden, 'report.notEditable');
          assertModuleAccess(user, resolve(body.definition, lang, user));
          await assertNameFree(tx, user, body.name, row.id);
          await tx.update(crmReport).set({ ...columnsOf(body), updateTime: new Date() }).where(eq(crmReport.id, row.id));
        }),
      );
    },

    /** Deletes reports (and the user's templates); SPEC §5: 'select a template to delete' when none is named. */
    async remove(user: CurrentUser, ids: number[]): Promise<number> {
      if (!ids.length) throw badRequest('report.selectTemplate');
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(crmReport).where(and(inArray(crmReport.id, ids), reportVisibleTo(user)));
        if (rows.length !== new Set(ids).size) throw notFound('report.notFound');
        if (rows.some((r) => r.builtInKey !== null)) throw badRequest('report.fixedTemplate');
        if (rows.some((r) => !mayEdit(user, r))) throw new AppError(CODE.forbidden, 'report.notEditable');
        await tx.delete(crmReport).where(inArray(crmReport.id, ids));
        return rows.length;
      });
    },

    /** A copy the caller owns (of a fixed template, a shared report, their own), private, not a template. */
    async copy(user: CurrentUser, id: number, name: string): Promise<number> {
      return guarded({ name }, () =>
        db.transaction(async (tx) => {
          const source = await find(tx, user, id);
          await assertNameFree(tx, user, name);
          const [row] = await tx
            .insert(crmReport)
            .values({ name, description: source.description, module: source.module, ownerId: user.userId, isTemplate: false, shared: false, definition: source.definition })
            .returning({ id: crmReport.id });
          return row!.id;
        }),
      );
    },

    async preview(user: CurrentUser, definition: CheckedReportDefinition, lang: Language) {
      const report = resolve(definition, lang, user);
      assertModuleAccess(user, report);
      return reporting.read((reader) => runReport(reader, meta, report, user, lang, { preview: true }));
    },

    /** `found`: the report as `get` just read it for this user (a dashboard's widget), not read again. */
    async run(user: CurrentUser, id: number, lang: Language, options: Exclude<RunOptions, { preview: true }>, found?: Pick<ReportMeta, 'definition'>) {
      const report = await runnable(user, id, lang, found);
      return reporting.read((reader) => runReport(reader, meta, report, user, lang, options));
    },

    /** A report the user may see and run, with its name, checked against the current metadata (an export runs it a page at a time). */
    async runnable(user: CurrentUser, id: number, lang: Language): Promise<{ name: string; report: ResolvedReport }> {
      const row = await find(db, user, id);
      return { name: lang === 'zh' && row.nameZh ? row.nameZh : row.name, report: await runnable(user, id, lang, row) };
    },
  };
}

export type Reports = ReturnType<typeof createReports>;
