import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { metadataOf } from '../../src/modules/crm/engine/metadata/metadataStore';
import { createTestApp, type TestApp } from '../helpers/testApp';

/** The per-request metadata version check, shared by requests that arrive together. */
describe('metadata freshness', () => {
  let app: TestApp;
  let versionReads = 0;
  let db: Db;

  beforeAll(async () => {
    app = await createTestApp();
    // The same database, counting the executions of the version read (a store is kept per database object).
    const counting = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(t, key) {
          const value = Reflect.get(t, key) as unknown;
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            if (key === 'execute') versionReads++;
            const out = (value as (...a: unknown[]) => unknown).apply(t, args);
            return out && typeof out === 'object' && !(out instanceof Promise) ? counting(out) : out;
          };
        },
      });
    db = new Proxy(app.db, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function') return value;
        if (key !== 'select') return value.bind(target);
        return (fields?: Record<string, unknown>) => {
          const query = target.select(fields as never);
          return fields && Object.keys(fields).join() === 'version' ? counting(query) : query;
        };
      },
    });
    await metadataOf(db).fresh();
  });
  afterAll(() => app.teardown());

  const bump = () => app.db.execute(sql`update crm_meta_version set version = version + 1 where id = 1`);
  const current = async () => Number(((await app.db.execute(sql`select version from crm_meta_version where id = 1`)) as unknown as { rows: Array<{ version: unknown }> }).rows[0]!.version);

  it('requests arriving while a read is in flight share the next read, not one each', async () => {
    versionReads = 0;
    const versions = await Promise.all(Array.from({ length: 6 }, () => metadataOf(db).fresh()));
    expect(versionReads).toBe(2);
    expect(new Set(versions)).toEqual(new Set([await current()]));
  });

  it('a request sees a version bumped before it came, even while an older read is in flight', async () => {
    const store = metadataOf(db);
    const before = store.fresh();
    await bump();
    const after = await store.fresh();
    await before;
    expect(after).toBe(await current());
    expect(store.version).toBe(after);
  });
});
