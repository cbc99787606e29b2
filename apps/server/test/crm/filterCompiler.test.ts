import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { boundedFilter, type FilterNode } from '@orbit/shared/crm/filter';
import { AppError } from '../../src/lib/errors';
import { compileFilter } from '../../src/modules/crm/engine/query/filterCompiler';
import { loadCrmModules } from '../../src/modules/crm/engine/crmModules';
import { seedModuleDef } from '../helpers/seedModuleDef';

await loadCrmModules();
const dialect = new PgDialect();
const def = seedModuleDef('leads');
const compile = (node: FilterNode, lang: 'en' | 'zh' = 'en') => {
  const sql = compileFilter(node, def, lang);
  return sql ? dialect.sqlToQuery(sql) : undefined;
};
const refusal = (node: unknown, lang: 'en' | 'zh' = 'en'): { key: string; params: Record<string, unknown> } => {
  try {
    compile(node as FilterNode, lang);
  } catch (error) {
    if (error instanceof AppError) return { key: error.key, params: error.params };
    throw error;
  }
  throw new Error('not refused');
};

describe('filter tree → SQL', () => {
  it('puts every value in a bound parameter and every column in a quoted identifier', () => {
    const hostile = "x' or 1=1; drop table leads; --";
    const query = compile({ or: [{ field: 'company', op: 'contains', value: hostile }, { field: 'status', op: 'in', value: ['new', hostile] }] })!;
    expect(query.sql).toBe('(("company" ilike $1) or ("status" in ($2, $3)))');
    expect(query.params).toEqual([`%${hostile}%`, 'new', hostile]);
    expect(query.sql).not.toContain('drop');
  });

  it('escapes LIKE wildcards of the user text', () => {
    expect(compile({ field: 'email', op: 'startsWith', value: '50%_off\\' })!.params).toEqual(['50\\%\\_off\\\\%']);
  });

  it('compiles each family of types with its own operators', () => {
    expect(compile({ field: 'employees', op: 'between', value: [10, 50] })).toEqual({ sql: '("employees" between $1::numeric and $2::numeric)', params: ['10', '50'], typings: expect.anything() });
    expect(compile({ field: 'annualRevenue', op: 'gte', value: '1000.50' })!.sql).toBe('("annual_revenue" >= $1::numeric)');
    expect(compile({ field: 'ownerId', op: 'ne', value: 7 })).toMatchObject({ sql: '(("owner_id" is null or "owner_id" <> $1))', params: [7] });
    expect(compile({ field: 'campaignId', op: 'empty' })!.sql).toBe('("campaign_id" is null)');
    expect(compile({ field: 'createTime', op: 'relative', value: 'thisWeek' })!.sql).toBe('("create_time" >= $1 and "create_time" < $2)');
    expect(compile({ not: { field: 'rating', op: 'eq', value: 'hot' } })!.sql).toBe('not (("rating" = $1))');
  });

  it('adds nothing for empty groups', () => {
    expect(compile({ and: [] })).toBeUndefined();
    expect(compile({ and: [{ or: [] }, { field: 'status', op: 'eq', value: 'new' }] })!.sql).toBe('(("status" = $1))');
  });

  it('refuses unknown fields, fields that are not filterable, operators foreign to the type and bad values, naming the field by its label', () => {
    expect(refusal({ field: 'password', op: 'eq', value: 'x' })).toEqual({ key: 'filter.unknownField', params: { name: 'password' } });
    expect(refusal({ field: 'street', op: 'contains', value: 'x' })).toMatchObject({ key: 'filter.notFilterable', params: { field: 'Street' } });
    expect(refusal({ field: 'status', op: 'contains', value: 'ne' })).toMatchObject({ key: 'filter.badOperator', params: { field: 'Lead Status', op: 'contains' } });
    expect(refusal({ field: 'employees', op: 'gt', value: 'ten' }, 'zh')).toMatchObject({ key: 'filter.badValue', params: { field: '员工人数' } });
    expect(refusal({ field: 'createTime', op: 'eq', value: '2026-02-31' })).toMatchObject({ key: 'filter.badValue' });
    expect(refusal({ field: 'createTime', op: 'relative', value: 'someday' })).toMatchObject({ key: 'filter.badValue' });
    expect(refusal({ field: 'status', op: 'in', value: [] })).toMatchObject({ key: 'filter.badValue' });
    expect(refusal({ field: 'company', op: 'eq' })).toMatchObject({ key: 'filter.badValue' });
    expect(refusal({ field: 'ownerId', op: 'eq', value: -1 })).toMatchObject({ key: 'filter.badValue' });
  });

  it('caps depth and size before parsing, even for a tree nested a hundred thousand levels deep', () => {
    let deep: unknown = { field: 'status', op: 'eq', value: 'new' };
    for (let i = 0; i < 100_000; i++) deep = { not: deep };
    expect(boundedFilter.safeParse(deep).success).toBe(false);
    const wide = { and: Array.from({ length: 51 }, () => ({ field: 'status', op: 'eq', value: 'new' })) };
    expect(boundedFilter.safeParse(wide).error?.issues[0]?.message).toBe('filter.tooComplex');
    const fine = { and: [{ or: [{ field: 'status', op: 'eq', value: 'new' }] }] };
    expect(boundedFilter.safeParse(fine).success).toBe(true);
  });
});
