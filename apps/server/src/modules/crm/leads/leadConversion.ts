import { sql } from 'drizzle-orm';
import { CODE } from '@orbit/shared/constants';
import type { ConvertLeadBody, ConvertLeadResult, CrmRecord, DuplicateMatch } from '@orbit/shared/contract/crm';
import { LEAD_CONVERTED } from '@orbit/shared/crm/leads';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Db, Executor } from '../../../db/client';
import { AppError, badRequest, fieldError, fieldLabel, forbidden, notFound } from '../../../lib/errors';
import { hasPermission } from '../../auth/currentUser';
import { createRecordHistory } from '../engine/history/recordHistory';
import { metadataOf } from '../engine/metadata/metadataStore';
import { selectList, toRecord } from '../engine/query/recordColumns';
import { lookupExists } from '../engine/records/recordValidation';
import { recordAccess } from '../engine/query/recordAccess';
import { createRecordsRepository } from '../engine/records/recordsRepository';
import { createRecordsService } from '../engine/records/recordsService';
import type { Caller } from '../engine/records/moduleRecords';
import { emailDomain } from '../engine/duplicates/matchConditions';
import { accountContacts, contactFromLead } from './conversionContact';
import { findDuplicates } from './duplicates';

/** What of a lead carries over to the account it becomes. */
function accountFromLead(lead: CrmRecord, name: string, ownerId: number): Record<string, unknown> {
  return {
    name,
    industry: lead.industry,
    rating: lead.rating,
    phone: lead.phone,
    website: lead.website,
    annualRevenue: lead.annualRevenue,
    // Its revenue stays in the lead's currency (issue 33); a lead without one gives the default.
    ...(typeof lead.currency === 'string' ? { currency: lead.currency } : {}),
    employees: lead.employees,
    billingStreet: lead.street,
    billingCity: lead.city,
    billingState: lead.state,
    billingPostalCode: lead.postalCode,
    billingCountry: lead.country,
    description: lead.description,
    ownerId,
  };
}

type Part = 'account' | 'contact' | 'opportunity' | 'task';

/**
 * Writes one part of a conversion; its field errors are named as the request names the part's
 * values ("opportunity.stage", "account.name"), so that they land on the conversion dialog's
 * fields rather than on whichever part has a field of the same name.
 */
async function asPart<T>(part: Part, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof AppError) || !error.errors) throw error;
    const errors = Object.fromEntries(
      Object.entries(error.errors).map(([field, message]) => [
        `${part}.${field}`,
        typeof message === 'string' ? { key: message, params: { ...error.params, field: fieldLabel(field) } } : message,
      ]),
    );
    throw new AppError(error.code, error.key, error.params, errors);
  }
}

/**
 * Lead conversion: a lead becomes an account (new, or one that exists), a contact of that account
 * (new, or one of its contacts already), optionally an opportunity and a follow-up task, all in one transaction through the engine's own create (validation, data
 * scope, history), so a failure anywhere leaves nothing behind. The lead becomes Converted,
 * read-only, and links to what it became; the new records keep its owner, campaign and a link back.
 */
export function createLeadConversion(db: Db) {
  const meta = metadataOf(db);
  const accounts = createRecordsService(db, 'account');
  const contacts = createRecordsService(db, 'contact');
  const opportunities = createRecordsService(db, 'opportunity');
  const tasks = createRecordsService(db, 'task');

  async function readLead(executor: Executor, caller: Caller, leadId: number, lock: boolean): Promise<CrmRecord> {
    const def = meta.module('leads');
    const repo = createRecordsRepository(executor, def);
    // Looking for candidates is reading the lead; converting it changes it (a read-only share says so).
    const read = recordAccess(caller.user, 'leads', 'read');
    const rows = lock
      ? await repo.lock(selectList(def.fields), [leadId], recordAccess(caller.user, 'leads', 'write'))
      : await repo.select(selectList(def.fields), [sql`id = ${leadId}`, read]);
    if (!rows[0]) {
      if (lock && (await repo.select(sql`id`, [sql`id = ${leadId}`, read])).length) throw forbidden('record.readOnly');
      throw notFound('record.notFound');
    }
    return toRecord(rows[0], def.fields);
  }

  return {
    /** Accounts the lead may become part of: same company name, or a website at the lead's e-mail domain (free-mail domains never match). */
    async candidates(caller: Caller, leadId: number): Promise<DuplicateMatch[]> {
      const lead = await readLead(db, caller, leadId, false);
      const found = new Map<number, DuplicateMatch>();
      if (typeof lead.company === 'string') {
        for (const match of (await findDuplicates(db, meta, caller.user, 'company', lead.company)).accounts) found.set(match.id, match);
      }
      const domain = emailDomain(typeof lead.email === 'string' ? lead.email : undefined);
      if (domain) for (const match of (await findDuplicates(db, meta, caller.user, 'emailDomain', domain)).accounts) found.set(match.id, match);
      return [...found.values()];
    },

    /** Contacts of an account the lead may already be (same e-mail or name), to link instead of making a new one. */
    async contactCandidates(caller: Caller, leadId: number, accountId: number): Promise<DuplicateMatch[]> {
      const lead = await readLead(db, caller, leadId, false);
      if (!hasPermission(caller.user, PERMISSIONS.contact.query)) return [];
      // An account beyond the caller's scope says nothing, not even whether it has such contacts.
      const ctx = { db, meta, def: meta.module('account'), user: caller.user, lang: caller.lang };
      if (!(await lookupExists(ctx, 'account', accountId))) throw notFound('record.notFound');
      return accountContacts(db, meta, caller.user, lead, accountId);
    },

    async convert(caller: Caller, body: ConvertLeadBody): Promise<ConvertLeadResult> {
      const { user } = caller;
      const needs = [body.account.mode === 'new' ? PERMISSIONS.account.add : PERMISSIONS.account.query];
      needs.push(body.contact.mode === 'new' ? PERMISSIONS.contact.add : PERMISSIONS.contact.query);
      if (body.opportunity) needs.push(PERMISSIONS.opportunity.add);
      if (body.task) needs.push(PERMISSIONS.task.add);
      if (!needs.every((p) => hasPermission(user, p))) throw forbidden();

      return db.transaction(async (tx) => {
        const lead = await readLead(tx, caller, body.leadId, true);
        if (lead.convertedAt) throw badRequest('lead.alreadyConverted');
        if (lead.version !== body.version) throw new AppError(CODE.conflict, 'record.stale');
        const ownerId = body.ownerId ?? lead.ownerId;
        const fromLead = { source_lead_id: lead.id };

        let accountId: number;
        if (body.account.mode === 'new') {
          const name = body.account.name;
          accountId = await asPart('account', () => accounts.createIn(tx, caller, accountFromLead(lead, name, ownerId), fromLead));
        } else {
          const ctx = { db: tx, meta, def: meta.module('account'), user, lang: caller.lang };
          if (!(await lookupExists(ctx, 'account', body.account.accountId))) throw fieldError('account.accountId', 'record.notFound');
          accountId = body.account.accountId;
        }

        let contactId: number;
        if (body.contact.mode === 'new') {
          contactId = await asPart('contact', () => contacts.createIn(tx, caller, contactFromLead(lead, accountId, ownerId), fromLead));
        } else {
          // Only a contact of the chosen account, within the caller's scope, can be the person the lead is.
          const [found] = await accountContacts(tx, meta, user, lead, accountId, body.contact.contactId);
          if (!found) throw fieldError('contact.contactId', 'contact.notOfAccount');
          contactId = found.id;
        }

        let opportunityId: number | null = null;
        const opportunity = body.opportunity;
        if (opportunity) {
          opportunityId = await asPart('opportunity', () =>
            opportunities.createIn(
              tx,
              caller,
              {
                name: opportunity.name,
                accountId,
                closeDate: opportunity.closeDate,
                stage: opportunity.stage,
                amount: opportunity.amount ?? null,
                // The deal's amount is typed as the lead's money is: in the lead's currency.
                ...(typeof lead.currency === 'string' ? { currency: lead.currency } : {}),
                leadSource: lead.leadSource,
                campaignId: lead.campaignId,
                ownerId,
              },
              fromLead,
            ),
          );
        }

        let taskId: number | null = null;
        const task = body.task;
        if (task) {
          // The follow-up names the person (the contact) and is about the deal, else the account.
          const relatedTo = opportunityId ? { module: 'opportunity', id: opportunityId } : { module: 'account', id: accountId };
          taskId = await asPart('task', () => tasks.createIn(tx, caller, { subject: task.subject, dueDate: task.dueDate ?? null, name: { module: 'contact', id: contactId }, relatedTo, ownerId }));
        }

        const def = meta.module('leads');
        const changes = { status: LEAD_CONVERTED, convertedAccountId: accountId, convertedContactId: contactId, convertedOpportunityId: opportunityId, convertedAt: new Date().toISOString() };
        const columns = Object.fromEntries(Object.entries(changes).map(([name, value]) => [def.byName.get(name)!.column, value]));
        await createRecordsRepository(tx, def).update(lead.id, lead.version, { ...columns, update_by: user.userId, update_time: new Date() });
        await createRecordHistory(tx, 'leads', { meta, lang: caller.lang }).write(
          user,
          Object.entries(changes).map(([field, value]) => ({ recordId: lead.id, action: 'convert', field, oldValue: lead[field] ?? null, newValue: value })),
        );
        return { accountId, contactId, opportunityId, taskId };
      });
    },
  };
}
