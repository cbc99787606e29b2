import { sql } from 'drizzle-orm';
import type { AccountCampaign } from '@orbit/shared/contract/crm';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { metadataOf } from '../engine/metadata/metadataStore';
import { nameExpression } from '../engine/query/recordName';
import { recordAccess } from '../engine/query/recordAccess';
import { PRESENT, col, rowsOf, tableOf } from '../engine/query/sql';
import type { Caller } from '../engine/records/moduleRecords';

/** At most this many rows: a related list, not a report. */
const MAX_ROWS = 200;

/**
 * An account's campaign history: the campaign memberships (crm_campaign_member) of its contacts and
 * of the leads converted into it. A row shows only when the caller may open both the person and the
 * campaign, so the list never names a record they could not open; newest membership first.
 */
export async function campaignsOfAccount(db: Db, { user }: Caller, accountId: number): Promise<AccountCampaign[]> {
  const meta = metadataOf(db);
  const [account, leads, contacts, campaigns] = (['account', 'leads', 'contact', 'campaign'] as const).map((m) => meta.module(m));
  // The access predicate of each module (a team member, a share, a public module read too).
  const inScope = (module: 'account' | 'leads' | 'contact' | 'campaign') => {
    const scope = recordAccess(user, module, 'read');
    return scope ? sql` and ${scope}` : sql``;
  };
  const [found] = await rowsOf(db, sql`select id from ${tableOf(account!.table)} where id = ${accountId} and ${PRESENT}${inScope('account')}`);
  if (!found) throw notFound('record.notFound');
  const convertedAccount = col(leads!.byName.get('convertedAccountId')!.column);
  const contactAccount = col(contacts!.byName.get('accountId')!.column);
  // Each side is scoped in its own sub-select: the scope's columns are unqualified.
  const rows = await rowsOf<{ id: unknown; campaign_id: unknown; campaign_name: unknown; lead_id: unknown; contact_id: unknown; name: unknown; status: unknown; create_time: unknown }>(
    db,
    // One branch per kind of person, each reached through its own member index (lead_id, contact_id).
    sql`select p.id, p.campaign_id, c.name as campaign_name, p.lead_id, p.contact_id, p.name, p.status, p.create_time
        from (
          select m.id, m.campaign_id, m.lead_id, m.contact_id, l.name, m.status, m.create_time from crm_campaign_member m
          join (select id, ${nameExpression(leads!)} as name from ${tableOf(leads!.table)} where ${convertedAccount} = ${accountId} and ${PRESENT}${inScope('leads')}) l on l.id = m.lead_id
          union all
          select m.id, m.campaign_id, m.lead_id, m.contact_id, k.name, m.status, m.create_time from crm_campaign_member m
          join (select id, ${nameExpression(contacts!)} as name from ${tableOf(contacts!.table)} where ${contactAccount} = ${accountId} and ${PRESENT}${inScope('contact')}) k on k.id = m.contact_id
        ) p
        join (select id, ${nameExpression(campaigns!)} as name from ${tableOf(campaigns!.table)} where ${PRESENT}${inScope('campaign')}) c on c.id = p.campaign_id
        order by p.id desc limit ${MAX_ROWS}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    campaignId: Number(r.campaign_id),
    campaignName: String(r.campaign_name),
    type: r.lead_id === null ? 'contact' : 'leads',
    leadId: r.lead_id === null ? null : Number(r.lead_id),
    contactId: r.contact_id === null ? null : Number(r.contact_id),
    name: String(r.name),
    status: String(r.status),
    createTime: new Date(String(r.create_time)).toISOString(),
  }));
}
