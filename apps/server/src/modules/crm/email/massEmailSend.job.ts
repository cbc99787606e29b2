import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { crmEmail } from '../../../db/schema/crmEmail';
import type { JobPayload } from '../../jobs/jobQueue';
import type { JobHandler } from '../../jobs/jobRunner';
import { failQueued, sendQueuedEmail } from './emailSend.job';

/** How long a wait for a mail's time lasts before the job beats its heartbeat (and learns whether it is still its own). */
const WAIT_SLICE_MS = 5_000;

/**
 * Sends the mails of one mass send (crm/email/massEmail.ts queued them), each no earlier than its
 * `not_before` — the throttle was fixed when they were queued, so a job taken up again after its
 * process died keeps the pace and sends only what is still queued: each mail is sent as one mail
 * from a record is (emailSend.job.ts), ending sent or failed from queued in one statement.
 */
export const massEmailSendJob: JobHandler = async ({ db, config, payload, progress }) => {
  const massEmailId = Number(payload.massEmailId);
  const ofThisSend = eq(crmEmail.massEmailId, massEmailId);
  const [all] = await db.select({ n: count() }).from(crmEmail).where(ofThisSend);
  const total = all?.n ?? 0;
  let done = 0;
  for (;;) {
    const [next] = await db
      .select({ id: crmEmail.id, notBefore: crmEmail.notBefore })
      .from(crmEmail)
      .where(and(ofThisSend, eq(crmEmail.status, 'queued')))
      .orderBy(asc(crmEmail.notBefore), asc(crmEmail.id))
      .limit(1);
    if (!next) break;
    for (let wait = (next.notBefore?.getTime() ?? 0) - Date.now(); wait > 0; wait = next.notBefore!.getTime() - Date.now()) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, WAIT_SLICE_MS)));
      await progress(done, total);
    }
    await sendQueuedEmail(db, config, payload.lang, next.id);
    done++;
    await progress(done, total);
  }
  return { storagePath: null, done };
};

/** The mails a failed mass send's job had not sent end failed, not queued for ever (jobQueue.ts JobFailureHooks). */
export const failMassEmailOfJob = (tx: Executor, payload: JobPayload) => failQueued(tx, eq(crmEmail.massEmailId, Number(payload.massEmailId)), payload.lang);
