import type { InboxLinkBody, InboxMail } from '@orbit/shared/contract/emailInbound';
import { request } from './request';

/** E-mail in (issue 35): the caller's inbox of received mail that matched no record. */
export const listInbox = () => request<{ data: InboxMail[] }>({ url: '/crm/email/inbox' });
export const linkInboxMail = (id: number, body: InboxLinkBody) => request({ url: `/crm/email/inbox/${id}/link`, method: 'POST', data: body, showError: false });
export const discardInboxMail = (id: number) => request({ url: `/crm/email/inbox/${id}`, method: 'DELETE' });
