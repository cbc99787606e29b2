import { expect } from 'vitest';
import type { sql } from 'drizzle-orm';
import type { TestApp } from './testApp';

/** The rows of a statement on the test app's database (what set-up's DDL and triggers left). */
export const rowsOf = async <T = Record<string, unknown>>(app: TestApp, q: ReturnType<typeof sql>) => ((await app.db.execute(q)) as unknown as { rows: T[] }).rows;

/** An answer that must have succeeded: its body, or the test fails with the server's message. */
export async function ok(res: Promise<{ body: Record<string, any> }>) { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { body } = await res;
  expect(body.code, body.msg).toBe(200);
  return body;
}
