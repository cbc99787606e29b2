/**
 * Query plans as evidence of which index serves a list: `EXPLAIN (ANALYZE, BUFFERS)` of a
 * statement the engine ran, without costs (the plan's shape and real rows, times and buffers are
 * what tell).
 */
import type pg from 'pg';
import type { Statement } from './sqlCapture';

export async function planOf(pool: pg.Pool, statement: Statement): Promise<string> {
  const result = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${statement.text}`, statement.values);
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** A statement and its plan as a report's Markdown lines: the SQL with its values, then the plan(s). */
export function planLines(statement: Statement, ...plans: string[]): string[] {
  return ['', '```sql', statement.text, `-- ${JSON.stringify(statement.values)}`, '```', ...plans.flatMap((plan) => ['', '```', plan, '```'])];
}

/** A report's "Plans" section: under each case's title, each statement it ran with its plan. */
export function plansSection(cases: Array<{ title: string; statements: Statement[]; plans: string[] }>): string[] {
  return ['## Plans', ...cases.flatMap((c) => ['', `### ${c.title}`, ...c.statements.flatMap((s, i) => planLines(s, c.plans[i]!))])];
}
