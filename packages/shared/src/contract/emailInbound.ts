import { z } from 'zod';
import { EMAIL_MODULES, type EmailModule } from '../crm/email';
import { oneOf } from '../validation';
import { jsonId } from './common';

/** A received mail waiting in its sender's inbox (`GET /crm/email/inbox`). */
export type InboxMail = {
  emailId: number;
  subject: string;
  from: string;
  to: string[];
  cc: string[];
  /** The cleaned HTML (or the text as paragraphs). */
  body: string;
  attachments: string[];
  receivedAt: string;
};

/** `POST /crm/email/inbox/:id/link`: the record the mail goes on (one the caller may open). */
export const inboxLinkBody = z
  .object({
    module: oneOf(EMAIL_MODULES, 'validation.required'),
    recordId: jsonId,
  })
  .strict();
export type InboxLinkBody = { module: EmailModule; recordId: number };
