import type { ContactCandidate, ContactRole } from '@orbit/shared/contract/contactRoles';
import { request } from './request';

/** Opportunity contact roles (docs/contact-roles.md): edited on the opportunity, read on the contact too. */
type Data<T> = { code: number; msg: string; data: T };

export const listContactRoles = (opportunityId: number) => request<Data<ContactRole[]>>({ url: `/crm/opportunity/${opportunityId}/contact-roles` });

export const listContactCandidates = (opportunityId: number, q?: string) =>
  request<Data<ContactCandidate[]>>({ url: `/crm/opportunity/${opportunityId}/contact-roles/candidates`, params: { q: q?.trim() || undefined } });

export const addContactRole = (opportunityId: number, body: { contactId: number; role: string; isPrimary?: boolean }) =>
  request<Data<number>>({ url: `/crm/opportunity/${opportunityId}/contact-roles`, method: 'POST', data: body });

export const updateContactRole = (opportunityId: number, roleId: number, body: { role?: string; isPrimary?: boolean }) =>
  request({ url: `/crm/opportunity/${opportunityId}/contact-roles/${roleId}`, method: 'PUT', data: body });

export const removeContactRole = (opportunityId: number, roleId: number) => request({ url: `/crm/opportunity/${opportunityId}/contact-roles/${roleId}`, method: 'DELETE' });

export const listOpportunityRolesOfContact = (contactId: number) => request<Data<ContactRole[]>>({ url: `/crm/contact/${contactId}/opportunity-roles` });
