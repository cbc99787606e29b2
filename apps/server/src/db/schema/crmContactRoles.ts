import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * The contacts who take part in an opportunity, each with its role (dictionary crm_contact_role):
 * one row per opportunity and contact, at most one primary per opportunity — both held by the
 * database as well as by the service (opportunity/contactRoles.ts).
 */
export const crmOpportunityContactRole = pgTable(
  'crm_opportunity_contact_role',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    opportunityId: bigint('opportunity_id', { mode: 'number' }).notNull(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    role: text('role').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createBy: bigint('create_by', { mode: 'number' }),
    createTime: ts('create_time').notNull().defaultNow(),
    updateBy: bigint('update_by', { mode: 'number' }),
    updateTime: ts('update_time'),
  },
  (t) => [
    uniqueIndex('crm_opportunity_contact_role_uq').on(t.opportunityId, t.contactId),
    uniqueIndex('crm_opportunity_contact_role_primary_uq').on(t.opportunityId).where(sql`is_primary`),
    // The contact's side: the opportunities a contact plays a part in.
    index('crm_opportunity_contact_role_contact_idx').on(t.contactId),
  ],
);
