import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { reportDefinition, type ReportDefinition } from '@orbit/shared/crm/report';
import { AppError } from '../../src/lib/errors';
import type { CurrentUser } from '../../src/modules/auth/currentUser';
import type { ModuleDef } from '../../src/modules/crm/engine/metadata/moduleDef';
import { loadCrmModules } from '../../src/modules/crm/engine/crmModules';
import { seedModuleDef } from '../helpers/seedModuleDef';
import { resolveReport } from '../../src/modules/crm/report/reportCheck';
import { detailQuery, summaryQuery } from '../../src/modules/crm/report/reportCompiler';
import { displayCurrencySql } from '../../src/modules/crm/money/displayCurrency';

await loadCrmModules();

const defs = new Map<CrmModule, ModuleDef>();
const metaOf = (m: CrmModule) => defs.get(m) ?? defs.set(m, seedModuleDef(m)).get(m)!;

const dialect = new PgDialect();
const admin = { userId: 1, deptId: 100, roles: [{ roleId: 1, roleKey: 'admin', dataScope: '1' }], isAdmin: true } as unknown as CurrentUser;
const rep = { userId: 7, deptId: 101, roles: [{ roleId: 3, roleKey: 'sales_rep', dataScope: '5' }], isAdmin: false } as unknown as CurrentUser;

const resolve = (def: ReportDefinition, lang: 'en' | 'zh' = 'en') => resolveReport(reportDefinition.parse(def), metaOf, lang);
const summary = (def: ReportDefinition, user = admin) => dialect.sqlToQuery(summaryQuery(resolve(def), user, 'en', {}, 100));
const detail = (def: ReportDefinition, user = admin) => dialect.sqlToQuery(detailQuery(resolve(def), user, 'en', {}, { limit: 20, offset: 40 }));
const refusal = (def: unknown, lang: 'en' | 'zh' = 'en') => {
  try {
    resolve(def as ReportDefinition, lang);
  } catch (error) {
    if (error instanceof AppError) return { key: error.key, params: error.params };
    throw error;
  }
  throw new Error('not refused');
};

const opportunitiesByStage: ReportDefinition = {
  module: 'opportunity',
  columns: ['name', 'amount'],
  format: 'summary',
  groupRows: [{ field: 'stage' }, { field: 'closeDate', bucket: 'quarter' }],
  aggregates: [{ fn: 'count' }, { fn: 'sum', field: 'amount' }, { fn: 'avg', field: 'amount' }, { fn: 'min', field: 'probability' }, { fn: 'max', field: 'amount' }],
};

describe('report definition → one SQL statement', () => {
  it('summary: groups with a subtotal per level and the grand total in one GROUPING SETS statement', () => {
    const q = summary(opportunitiesByStage);
    expect(q.sql).toContain('group by grouping sets (("k0", "k1"), ("k0"), ())');
    expect(q.sql).toContain(`date_trunc('quarter', "b"."close_date")::date as "k1"`);
    expect(q.sql).toContain(`select "k0", to_char("k1", 'YYYY-MM-DD') as "k1", grouping("k0")`);
    expect(q.sql).toContain('count(*) as "a0"');
    // Money: rounded once to cents, each amount converted at the rate of its record's date (issue 33).
    expect(q.sql).toContain('round(sum("v1"), 2)::text as "a1"');
    expect(q.sql).toMatch(/r\.valid_from <= "b"\."\w+"::date/);
    expect(q.sql).toContain('round(avg("v2"), 2)::text as "a2"');
    expect(q.sql).toContain('min("v3")::text as "a3"');
    expect(q.sql).toContain('max("v4")::text as "a4"');
    // The number of records rides on every row: the grand total's count over the grouped rows.
    expect(q.sql).toContain('max(case when grouping("k0") = 1 and grouping("k1") = 1 then count(*) end) over () as "records"');
    // Stages in the dictionary's order, quarters by date; totals after what they total.
    // (Parameters before it: those of the money's conversion to the viewer's display currency.)
    const dictParam = q.params.indexOf('crm_opportunity_stage') + 1;
    expect(q.sql).toContain(
      `order by grouping("k0"), (select min(d.dict_sort) from sys_dict_data d where d.dict_type = $${dictParam} and d.dict_value = "k0") asc nulls last, "k0" asc nulls last, grouping("k1"), "k1" asc nulls last`,
    );
    expect(q.sql).toContain('from "crm_opportunity" "b" where "b"."deleted_at" is null');
    const conversion = new Set(dialect.sqlToQuery(displayCurrencySql(admin.userId)).params);
    expect(q.params.filter((p) => !conversion.has(p))).toEqual(['crm_opportunity_stage', 100]);
  });

  it('matrix: cells, row totals at each row level, column totals and the grand total', () => {
    const q = summary({
      module: 'opportunity', columns: ['name'], format: 'matrix',
      groupRows: [{ field: 'ownerId' }, { field: 'stage' }], groupColumns: [{ field: 'closeDate', bucket: 'year' }], aggregates: [{ fn: 'count' }],
    });
    expect(q.sql).toContain('grouping sets (("k0", "k1", "k2"), ("k0", "k1"), ("k0", "k2"), ("k0"), ("k2"), ())');
  });

  it('tabular: detail rows of the display fields, paged, stopping after the page', () => {
    const q = detail({ module: 'leads', columns: ['lastName', 'status', 'ownerId'], format: 'tabular', sort: { field: 'lastName', order: 'asc' } });
    expect(q.sql).toBe(
      'select "b"."id" as id, "b"."last_name" as "c0_last_name", "b"."status" as "c1_status", "b"."owner_id" as "c2_owner_id" ' +
        'from "crm_lead" "b" where "b"."deleted_at" is null order by "b"."last_name" asc nulls first, "b"."id" asc limit $1 offset $2',
    );
    expect(q.params).toEqual([20, 40]);
  });

  it("applies the viewer's data scope (a rep: own records) and binds every filter value", () => {
    const hostile = "x'); drop table leads; --";
    const q = summary({ module: 'leads', columns: ['company'], filter: { field: 'company', op: 'contains', value: hostile }, format: 'summary', groupRows: [{ field: 'status' }], aggregates: [{ fn: 'count' }] }, rep);
    expect(q.sql).toContain('"b"."owner_id" = $');
    expect(q.params).toContain(7);
    expect(q.params.some((p) => String(p).includes(hostile))).toBe(true);
    expect(q.sql).not.toContain('drop table');
  });

  it('relative dates resolve to bound day ranges', () => {
    const q = summary({ module: 'task', columns: ['subject'], filter: { field: 'dueDate', op: 'relative', value: 'thisQuarter' }, format: 'summary', groupRows: [{ field: 'ownerId' }], aggregates: [{ fn: 'count' }] });
    expect(q.sql).toMatch(/"b"."due_date" >= \$1::date and "b"."due_date" < \$2::date/);
    expect(String(q.params[0])).toMatch(/^\d{4}-(01|04|07|10)-01$/);
  });

  it("joins the related module through the lookup, in the viewer's scope, and filters on its fields", () => {
    const q = summary(
      {
        module: 'opportunity', related: 'accountId', columns: ['name', 'accountId.industry'],
        relatedFilter: { field: 'industry', op: 'eq', value: 'technology' },
        format: 'summary', groupRows: [{ field: 'accountId.industry' }], aggregates: [{ fn: 'sum', field: 'amount' }],
      },
      rep,
    );
    expect(q.sql).toMatch(/left join "crm_account" "r" on "r"\."id" = "b"\."account_id" and "r"\."deleted_at" is null and "r"\."owner_id" = \$\d+/);
    expect(q.sql).toContain('"r"."industry" as "k0"');
    expect(q.sql).toContain('("r"."industry" = $');
  });

  it('labels aggregates and related fields in the language', () => {
    const report = resolve({ module: 'opportunity', related: 'accountId', columns: ['accountId.name'], format: 'summary', groupRows: [{ field: 'stage' }], aggregates: [{ fn: 'sum', field: 'amount' }] }, 'zh');
    expect(report.aggregates[0]!.label).toBe('金额合计');
    expect(report.columns[0]!.label).toBe('客户 › 客户名称');
  });

  it('refuses definitions the builder refuses, with the SPEC §5 messages', () => {
    const base = { module: 'opportunity', columns: ['name'], format: 'summary', groupRows: [{ field: 'stage' }], aggregates: [{ fn: 'count' }] };
    expect(refusal({ ...base, columns: [] }).key).toBe('report.displayFieldFirst');
    expect(refusal({ ...base, format: 'matrix', groupRows: [{ field: 'stage' }], groupColumns: [{ field: 'stage' }] }).key).toBe('report.groupRepeated');
    expect(refusal({ ...base, groupRows: [{ field: 'stage' }, { field: 'stage' }] }).key).toBe('report.groupRepeated');
    expect(refusal({ ...base, filter: { field: 'amount', op: 'gt' } })).toEqual({ key: 'report.fillValue', params: { field: 'Amount' } });
    expect(refusal({ ...base, filter: { field: 'stage', op: 'in', value: [] } }).key).toBe('report.fillValue');
    expect(refusal({ ...base, filter: { field: 'name', op: 'eq', value: '  ' } }).key).toBe('report.fillValue');
    expect(refusal({ ...base, columns: ['noSuchField'] })).toEqual({ key: 'report.fieldMissing', params: { name: 'noSuchField' } });
    expect(refusal({ ...base, columns: ['accountId.name'] }).key).toBe('report.relatedMissing');
    expect(refusal({ ...base, related: 'stage' }).key).toBe('report.relatedInvalid');
    expect(refusal({ ...base, related: 'ownerId' }).key).toBe('report.relatedInvalid'); // a user, not a module
    expect(refusal({ ...base, groupRows: [] }).key).toBe('report.groupsRequired');
    expect(refusal({ ...base, format: 'matrix' }).key).toBe('report.groupsRequired');
    expect(refusal({ ...base, format: 'tabular' }).key).toBe('report.groupsNotTabular');
    expect(refusal({ ...base, groupRows: [{ field: 'description' }] }).key).toBe('report.notGroupable');
    expect(refusal({ ...base, groupRows: [{ field: 'stage', bucket: 'month' }] }).key).toBe('report.bucketNotDate');
    expect(refusal({ ...base, aggregates: [] }).key).toBe('report.aggregatesRequired');
    expect(refusal({ ...base, aggregates: [{ fn: 'sum', field: 'stage' }] }).key).toBe('report.notNumeric');
    expect(refusal({ ...base, chart: { type: 'pie', aggregate: 3 } }).key).toBe('report.chartAggregate');
    expect(refusal({ ...base, format: 'tabular', groupRows: [], chart: { type: 'pie' } }).key).toBe('report.chartNeedsGroups');
    expect(refusal({ ...base, filter: { field: 'amount', op: 'contains', value: '1' } }).key).toBe('filter.badOperator');
  });

  it('the grammar itself refuses SQL in names, unknown formats and too many groups', () => {
    const base = { module: 'opportunity', columns: ['name'], format: 'summary', groupRows: [{ field: 'stage' }], aggregates: [{ fn: 'count' }] };
    expect(reportDefinition.safeParse({ ...base, columns: ['name"; drop table x; --'] }).success).toBe(false);
    expect(reportDefinition.safeParse({ ...base, format: 'pivot' }).success).toBe(false);
    expect(reportDefinition.safeParse({ ...base, module: 'sys_user' }).success).toBe(false);
    expect(reportDefinition.safeParse({ ...base, groupRows: [1, 2, 3, 4].map(() => ({ field: 'stage' })) }).success).toBe(false);
    expect(reportDefinition.safeParse({ ...base, aggregates: [{ fn: 'stddev', field: 'amount' }] }).success).toBe(false);
  });
});
