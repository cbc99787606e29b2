import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { Settings } from '../../system/config/settings';
import { sendDelivery } from '../../system/webhook/webhookDelivery';
import { queueDateTriggers } from './dateTriggers';
import { fanOutEvents } from './fanOut';
import { runRule } from './ruleRun';
import { automationBusy, claimWork } from './workQueue';

const POLL_MS = 1000;
/** Date triggers are looked for this often (and on every drain). */
const DATE_SCAN_MS = 10 * 60_000;
/** Most runs and deliveries one round of a pass starts before it looks for events again. */
const PER_TICK = 20;

/**
 * The automation worker of this process: after commit, it fans the outbox's events out to rule
 * runs and webhook deliveries, runs those due (claimed FOR UPDATE SKIP LOCKED, so processes share
 * the work), takes up those of a process that died (their lock went stale), and queues date
 * triggers. Runs where background jobs run (JOB_CONCURRENCY > 0).
 */
export class AutomationWorker {
  readonly worker = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private lastDateScan = 0;
  private closed = false;

  constructor(private readonly deps: { db: Db; settings: Settings; config: Config; log: FastifyBaseLogger }) {}

  start(): void {
    if (this.deps.config.jobConcurrency === 0) return;
    this.timer = setInterval(() => void this.tick().catch((err: unknown) => this.deps.log.warn({ err }, 'automation tick failed')), POLL_MS);
    this.timer.unref();
  }

  /** One pass; concurrent calls share the pass under way. */
  tick(forceDates = false): Promise<void> {
    this.ticking ??= this.pass(forceDates).finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async pass(forceDates: boolean): Promise<void> {
    const { db, config, log, settings } = this.deps;
    if (forceDates || Date.now() - this.lastDateScan > DATE_SCAN_MS) {
      this.lastDateScan = Date.now();
      await queueDateTriggers(db);
      await db.execute(sql`delete from crm_record_event where done and create_time < now() - interval '1 day'`);
    }
    const stale = config.jobStaleSeconds;
    // Until nothing is due: a pass that stopped at a fixed number of runs a second would fall ever
    // further behind a busy write path. New events are fanned out between rounds.
    for (let worked = 1; worked > 0 && !this.closed; ) {
      while (!this.closed && (await fanOutEvents(db, log)) > 0);
      worked = 0;
      for (let i = 0; i < PER_TICK && !this.closed; i++, worked++) {
        const run = await claimWork(db, 'crm_workflow_run', this.worker, stale);
        if (!run) break;
        await runRule(db, run, this.worker, { retryMs: config.automationRetryMs, log, config });
      }
      for (let i = 0; i < PER_TICK && !this.closed; i++, worked++) {
        const delivery = await claimWork(db, 'sys_webhook_delivery', this.worker, stale);
        if (!delivery) break;
        await sendDelivery(db, delivery, this.worker, { settings, retryMs: config.automationRetryMs, log, secretKey: config.secretKey });
      }
    }
  }

  /** Works until nothing is left (tests): events, runs and deliveries, retries included. */
  async drain(timeoutMs = 30_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    await this.tick(true);
    while (await automationBusy(this.deps.db)) {
      if (Date.now() > end) throw new Error('automation did not drain');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await this.tick();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.ticking?.catch(() => undefined);
  }
}
