import { sql } from 'drizzle-orm';
import { metadataOf } from '../engine/metadata/metadataStore';
import { rowsOf, tableOf } from '../engine/query/sql';
import type { JobHandler } from '../../jobs/jobRunner';
import { materialiseRule, ruleById } from './sharingRules';

/** Records per step: each step is one transaction and one progress write. */
const BATCH = 5000;

/**
 * Recalculates a sharing rule (queued when it is saved, sharing.routes.ts): through the module's
 * records by ranges of ids, each range one transaction that holds the rule's row and brings its
 * shares in line (sharingRules.ts `materialiseRule`), then writes the progress the Set-up page
 * shows. A rule changed meanwhile (its update time moved on) stops this run: its own job follows.
 */
export const sharingRuleJob: JobHandler = async ({ db, payload, progress }) => {
  const ruleId = Number(payload.ruleId);
  const version = String(payload.version);
  const meta = metadataOf(db);
  await meta.fresh();
  let rule;
  try {
    rule = await ruleById(db, ruleId);
  } catch {
    return { storagePath: null, done: 0 }; // deleted meanwhile: its shares went with it
  }
  if (rule.updateTime !== version) return { storagePath: null, done: 0 };
  const table = tableOf(meta.module(rule.module).table);
  const [{ n } = { n: 0 }] = await rowsOf<{ n: unknown }>(db, sql`select count(*) as n from ${table}`);
  const total = Number(n);
  await db.execute(sql`update crm_sharing_rule set state = 'running', done = 0, total = ${total} where id = ${ruleId} and update_time = ${version}::timestamptz`);
  let after = 0;
  let done = 0;
  try {
    for (;;) {
      const ids = await rowsOf<{ id: unknown }>(db, sql`select id from ${table} where id > ${after} order by id limit ${BATCH}`);
      const last = ids.length ? Number(ids[ids.length - 1]!.id) : null;
      const current = await db.transaction(async (tx) => {
        const held = await ruleById(tx, ruleId, true).catch(() => undefined);
        if (!held || held.updateTime !== version) return false;
        // The last range is open-ended: records created since the scan began are covered too.
        const among = last === null || ids.length < BATCH ? sql`id > ${after}` : sql`id > ${after} and id <= ${last}`;
        await materialiseRule(tx, meta, held, among, payload.lang);
        done += ids.length;
        await tx.execute(sql`update crm_sharing_rule set done = ${done} where id = ${ruleId}`);
        return true;
      });
      if (!current) return { storagePath: null, done };
      await progress(done, total);
      if (last === null || ids.length < BATCH) break;
      after = last;
    }
    await db.execute(sql`update crm_sharing_rule set state = 'done', done = ${done}, total = ${Math.max(done, total)} where id = ${ruleId} and update_time = ${version}::timestamptz`);
    return { storagePath: null, done };
  } catch (error) {
    await db.execute(sql`update crm_sharing_rule set state = 'failed' where id = ${ruleId} and update_time = ${version}::timestamptz`);
    throw error;
  }
};
