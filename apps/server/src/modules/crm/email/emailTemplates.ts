import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { EmailTemplate, EmailTemplateBody } from '@orbit/shared/contract/email';
import { EMAIL_PERMISSIONS, unknownMergeFields } from '@orbit/shared/crm/email';
import type { Db } from '../../../db/client';
import { crmEmailTemplate } from '../../../db/schema/crmEmail';
import { sysUser } from '../../../db/schema/organisation';
import { fieldError, forbidden, notFound } from '../../../lib/errors';
import { cleanRichText } from '../../../lib/richText';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';

type Row = typeof crmEmailTemplate.$inferSelect;
const missing = () => notFound('email.templateNotFound');

/** Unknown merge fields in a subject or body are refused, naming the first, on the field that holds it. */
export function checkMergeFields(parts: { subject: string; body: string }): void {
  for (const field of ['subject', 'body'] as const) {
    const [unknown] = unknownMergeFields(parts[field]);
    if (unknown !== undefined) throw fieldError(field, 'email.unknownMergeField', { name: `{{${unknown}}}` });
  }
}

/** Shared templates are changed by who manages e-mail; personal ones by their owner alone. */
const canChange = (user: CurrentUser, row: Pick<Row, 'shared' | 'ownerId'>) => (row.shared ? hasPermission(user, EMAIL_PERMISSIONS.manage) : row.ownerId === user.userId);

/** What the caller sees: every shared template and their own. */
const visibleTo = (user: CurrentUser) => or(eq(crmEmailTemplate.shared, true), eq(crmEmailTemplate.ownerId, user.userId));

export function createEmailTemplates(db: Db) {
  const toTemplate = (user: CurrentUser, row: Row, ownerName: string | null): EmailTemplate => ({
    templateId: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    language: row.language as 'en' | 'zh',
    shared: row.shared,
    ownerId: row.ownerId,
    ownerName,
    canEdit: canChange(user, row),
    updateTime: row.updateTime.toISOString(),
  });

  async function visible(user: CurrentUser, id: number): Promise<Row> {
    const [row] = await db.select().from(crmEmailTemplate).where(and(eq(crmEmailTemplate.id, id), visibleTo(user)));
    if (!row) throw missing();
    return row;
  }

  /** Cleans and checks a template; a shared one needs the manage permission. */
  function prepared(user: CurrentUser, body: EmailTemplateBody) {
    if (body.shared && !hasPermission(user, EMAIL_PERMISSIONS.manage)) throw forbidden();
    const values = { name: body.name, subject: body.subject, body: cleanRichText(body.body), language: body.language, shared: body.shared ?? false };
    checkMergeFields(values);
    return values;
  }

  /** A second template of the same name of one owner is refused (the unique index is the last word under races). */
  async function nameFree(user: CurrentUser, name: string, except?: number): Promise<void> {
    const [taken] = await db
      .select({ id: crmEmailTemplate.id })
      .from(crmEmailTemplate)
      .where(and(eq(crmEmailTemplate.ownerId, user.userId), sql`lower(${crmEmailTemplate.name}) = lower(${name})`, except ? sql`${crmEmailTemplate.id} <> ${except}` : undefined));
    if (taken) throw fieldError('name', 'email.templateNameTaken', { name });
  }

  return {
    visible,
    async list(user: CurrentUser): Promise<EmailTemplate[]> {
      const rows = await db
        .select({ row: crmEmailTemplate, ownerName: sysUser.nickName })
        .from(crmEmailTemplate)
        .leftJoin(sysUser, eq(sysUser.userId, crmEmailTemplate.ownerId))
        .where(visibleTo(user))
        .orderBy(asc(crmEmailTemplate.name), asc(crmEmailTemplate.id));
      return rows.map((r) => toTemplate(user, r.row, r.ownerName));
    },
    async get(user: CurrentUser, id: number): Promise<EmailTemplate> {
      return toTemplate(user, await visible(user, id), null);
    },
    async create(user: CurrentUser, body: EmailTemplateBody): Promise<number> {
      const values = prepared(user, body);
      await nameFree(user, values.name);
      const [row] = await db.insert(crmEmailTemplate).values({ ...values, ownerId: user.userId }).returning({ id: crmEmailTemplate.id });
      return row!.id;
    },
    async update(user: CurrentUser, id: number, body: EmailTemplateBody): Promise<void> {
      const row = await visible(user, id);
      if (!canChange(user, row)) throw forbidden();
      const values = prepared(user, body);
      if (row.ownerId === user.userId) await nameFree(user, values.name, id);
      await db.update(crmEmailTemplate).set({ ...values, updateTime: new Date() }).where(eq(crmEmailTemplate.id, id));
    },
    async remove(user: CurrentUser, id: number): Promise<void> {
      const row = await visible(user, id);
      if (!canChange(user, row)) throw forbidden();
      await db.delete(crmEmailTemplate).where(eq(crmEmailTemplate.id, id));
    },
  };
}
