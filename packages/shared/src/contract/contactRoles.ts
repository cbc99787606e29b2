import { z } from 'zod';
import { jsonId } from './common';
import { optionalText, stringValue } from '../validation';

/**
 * Opportunity contact roles (`/crm/opportunity/{id}/contact-roles`, `/crm/contact/{id}/opportunity-roles`):
 * the contacts who take part in an opportunity, each with a role from the dictionary crm_contact_role,
 * at most one of them the primary contact.
 */

const role = stringValue().min(1, { error: 'contactRole.roleInvalid' }).max(100, { error: 'validation.tooLong' });
/** Strict: a stray key is refused and named, not dropped unseen. */
export const addContactRoleBody = z.strictObject({ contactId: jsonId, role, isPrimary: z.boolean().optional() });
export const updateContactRoleBody = z
  .strictObject({ role: role.optional(), isPrimary: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.isPrimary !== undefined, { error: 'validation.invalidValue' });
export const contactCandidatesQuery = z.object({ q: optionalText(100).optional() });

/**
 * One role. A name the caller may not see (outside their data scope) is null: "Restricted record",
 * without a link, as restricted lookups are (docs/decisions.md).
 */
export type ContactRole = {
  id: number;
  opportunityId: number;
  opportunityName: string | null;
  contactId: number;
  contactName: string | null;
  /** The contact's account's name (null: none, or restricted). */
  accountName: string | null;
  role: string;
  isPrimary: boolean;
};

/** A contact offered for a new role: those of the opportunity's account first (`sameAccount`). */
export type ContactCandidate = { id: number; name: string; accountName: string | null; sameAccount: boolean };
