import type { EmailPerson, EmailPreview, MassEmailBody, MassEmailSummary, EmailTemplate, EmailTemplateBody, MailServerBody, MailServerSettings, OutboxMail, OutboxMailDetail, SendEmailBody } from '@orbit/shared/contract/email';
import type { EmailModule } from '@orbit/shared/crm/email';
import { request } from './request';

/** E-mail out (issue 35): sending from a record, templates, the signature, the SMTP server and the development outbox. */
export const sendEmail = (body: SendEmailBody) => request<{ data: number }>({ url: '/crm/email/send', method: 'POST', data: body, showError: false });

export const listEmailPeople = (module: EmailModule, id: number) => request<{ data: EmailPerson[] }>({ url: `/crm/email/people/${module}/${id}` });

export const listEmailTemplates = () => request<{ data: EmailTemplate[] }>({ url: '/crm/email/template/list' });
export const createEmailTemplate = (body: EmailTemplateBody) => request<{ data: number }>({ url: '/crm/email/template', method: 'POST', data: body, showError: false });
export const updateEmailTemplate = (id: number, body: EmailTemplateBody) => request({ url: `/crm/email/template/${id}`, method: 'PUT', data: body, showError: false });
export const deleteEmailTemplate = (id: number) => request({ url: `/crm/email/template/${id}`, method: 'DELETE' });
export const previewEmailTemplate = (id: number, params: { module: EmailModule; recordId: number; personModule?: string; personId?: number }) =>
  request<{ data: EmailPreview }>({ url: `/crm/email/template/${id}/preview`, params });

export const getEmailSignature = () => request<{ data: { signature: string } }>({ url: '/crm/email/signature' });
export const saveEmailSignature = (signature: string) => request({ url: '/crm/email/signature', method: 'PUT', data: { signature } });

export const getMailServer = () => request<{ data: MailServerSettings }>({ url: '/crm/email/server' });
export const saveMailServer = (body: MailServerBody) => request({ url: '/crm/email/server', method: 'PUT', data: body, showError: false });
export const removeMailServer = () => request({ url: '/crm/email/server', method: 'DELETE' });

export const listOutbox = () => request<{ data: OutboxMail[] }>({ url: '/crm/email/outbox' });
export const readOutboxMail = (name: string) => request<{ data: OutboxMailDetail }>({ url: `/crm/email/outbox/${encodeURIComponent(name)}` });

/** Mass e-mail: a template to a list selection or a campaign's members; the sender's mass sends and their progress. */
export const sendMassEmail = (body: MassEmailBody) => request<{ data: MassEmailSummary }>({ url: '/crm/email/mass', method: 'POST', data: body, showError: false });
export const getMassEmail = (id: number) => request<{ data: MassEmailSummary }>({ url: `/crm/email/mass/${id}` });
