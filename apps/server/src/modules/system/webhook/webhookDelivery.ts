import { eq } from 'drizzle-orm';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@orbit/shared/contract/automation';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { sysWebhook, sysWebhookDelivery } from '../../../db/schema/automation';
import { AppError } from '../../../lib/errors';
import type { Settings } from '../config/settings';
import { storedError, storedKey } from '../../crm/automation/storedError';
import { finishWork, retryOrFail } from '../../crm/automation/workQueue';
import { checkWebhookTarget } from './webhookTarget';
import { signingSecret, signWebhookBody } from './webhookSignature';

const TABLE = 'sys_webhook_delivery';
/** A receiver that takes longer has failed this attempt (retried). */
const TIMEOUT_MS = 10_000;

/**
 * Sends a claimed delivery: its stored body, signed with the webhook's secret, to its URL (checked
 * again: a name may have come to resolve to a private address). A 2xx answer ends it done; any
 * other answer, a timeout or a refused connection is retried with back-off, then failed. A
 * refused target fails at once (retrying cannot help). Redirects are not followed (they could
 * lead to the server's own network). At least once: a process killed after the receiver answered
 * and before this is written sends it again — the `X-Orbit-Delivery` id lets receivers tell.
 */
export async function sendDelivery(db: Db, work: { id: number; attempts: number }, worker: string, deps: { settings: Settings; retryMs: number; log: FastifyBaseLogger; secretKey: string | undefined }): Promise<void> {
  const [delivery] = await db.select().from(sysWebhookDelivery).where(eq(sysWebhookDelivery.id, work.id));
  if (!delivery) return;
  const [hook] = await db.select().from(sysWebhook).where(eq(sysWebhook.id, delivery.webhookId));
  if (!hook) return db.transaction((tx) => finishWork(tx, TABLE, work.id, worker, 'failed', { error: storedKey('webhook.notFound') }));
  // Sealed with a key the server no longer has: no retry can sign it (a new webhook gets a new secret).
  const secret = signingSecret(hook.secret, deps.secretKey);
  if (secret === null) return db.transaction((tx) => finishWork(tx, TABLE, work.id, worker, 'failed', { error: storedKey('webhook.secretUnreadable') }));
  let url: URL;
  try {
    url = await checkWebhookTarget(hook.url, await deps.settings.get('webhookAllowPrivate'));
  } catch (err) {
    return db.transaction((tx) => finishWork(tx, TABLE, work.id, worker, 'failed', { error: storedError(err) }));
  }
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const answer = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Orbit-CRM-Webhook',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(secret, delivery.body),
        [WEBHOOK_DELIVERY_HEADER]: String(delivery.id),
        'X-Orbit-Event': delivery.event,
      },
      body: delivery.body,
    });
    statusCode = answer.status;
    await answer.body?.cancel().catch(() => undefined);
    if (statusCode < 200 || statusCode >= 300) error = storedKey('webhook.httpStatus', { status: statusCode });
  } catch (err) {
    const reason = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    error = err instanceof AppError ? storedError(err) : storedKey('webhook.unreachable', { reason });
  }
  if (error === null) return db.transaction((tx) => finishWork(tx, TABLE, work.id, worker, 'done', { statusCode }));
  deps.log.warn({ deliveryId: work.id, webhookId: hook.id, statusCode }, 'webhook delivery failed');
  await db.transaction((tx) => retryOrFail(tx, TABLE, work, worker, deps.retryMs, { statusCode, error: error! }));
}
