import { and, count, desc, eq } from 'drizzle-orm';
import type { Webhook, WebhookBody, WebhookDelivery } from '@orbit/shared/contract/automation';
import type { Executor } from '../../../db/client';
import { sysWebhook, sysWebhookDelivery } from '../../../db/schema/automation';
import { notFound } from '../../../lib/errors';
import { toCount } from '../../../lib/listQuery';
import { newWebhookSecret, storedWebhookSecret } from './webhookSignature';

type Row = typeof sysWebhook.$inferSelect;

/** A webhook as the API answers it: never its secret. */
const toWebhook = (r: Row): Webhook => ({
  id: r.id,
  name: r.name,
  url: r.url,
  module: r.module as Webhook['module'],
  events: r.events as Webhook['events'],
  active: r.active,
  createTime: r.createTime.toISOString(),
});

/** System › Webhooks: subscriptions of URLs to a module's record events, and their delivery log. */
export function webhooksRepository(db: Executor, secretKey: string | undefined) {
  async function row(id: number): Promise<Row> {
    const [found] = await db.select().from(sysWebhook).where(eq(sysWebhook.id, id));
    if (!found) throw notFound('webhook.notFound');
    return found;
  }
  return {
    row,
    list: async (): Promise<Webhook[]> => (await db.select().from(sysWebhook).orderBy(sysWebhook.id)).map(toWebhook),
    get: async (id: number) => toWebhook(await row(id)),

    /** Answers the secret: the only time it leaves the server. */
    async create(body: WebhookBody, userId: number): Promise<{ id: number; secret: string }> {
      const secret = newWebhookSecret();
      const [created] = await db.insert(sysWebhook).values({ ...body, secret: storedWebhookSecret(secret, secretKey), userId }).returning({ id: sysWebhook.id });
      return { id: created!.id, secret };
    },

    async update(id: number, body: WebhookBody, userId: number): Promise<void> {
      const changed = await db.update(sysWebhook).set({ ...body, userId, updateTime: new Date() }).where(eq(sysWebhook.id, id)).returning({ id: sysWebhook.id });
      if (!changed.length) throw notFound('webhook.notFound');
    },

    /** Deletes the webhook; deliveries still queued for it fail as "does not exist" when their turn comes. */
    async remove(id: number): Promise<void> {
      const gone = await db.delete(sysWebhook).where(eq(sysWebhook.id, id)).returning({ id: sysWebhook.id });
      if (!gone.length) throw notFound('webhook.notFound');
    },

    async deliveries(id: number, page: { pageNum: number; pageSize: number }): Promise<{ total: number; rows: WebhookDelivery[] }> {
      await row(id);
      const where = eq(sysWebhookDelivery.webhookId, id);
      const total = toCount(await db.select({ count: count() }).from(sysWebhookDelivery).where(where));
      const rows = await db
        .select()
        .from(sysWebhookDelivery)
        .where(where)
        .orderBy(desc(sysWebhookDelivery.id))
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize);
      return {
        total,
        rows: rows.map((d) => ({
          id: d.id,
          event: d.event,
          status: d.status as WebhookDelivery['status'],
          attempts: d.attempts,
          statusCode: d.statusCode,
          error: d.error,
          time: d.createTime.toISOString(),
          finishTime: d.finishTime?.toISOString() ?? null,
        })),
      };
    },

    /** Sends a delivery's body again, as a new delivery (the log keeps both). */
    async resend(webhookId: number, deliveryId: number): Promise<number> {
      const [d] = await db
        .select()
        .from(sysWebhookDelivery)
        .where(and(eq(sysWebhookDelivery.id, deliveryId), eq(sysWebhookDelivery.webhookId, webhookId)));
      if (!d) throw notFound('webhook.deliveryNotFound');
      const [copy] = await db.insert(sysWebhookDelivery).values({ webhookId, event: d.event, body: d.body }).returning({ id: sysWebhookDelivery.id });
      return copy!.id;
    },
  };
}
