import { sql } from 'drizzle-orm';
import type { AccountCampaign } from '@orbit/shared/contract/crm';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { metadataOf } from '../engine/metadata/metadataStore';
import { nameExpression } from '../engine/query/recordName';
import { recordScope } from '../engine/query/recordScope';
import { PRESENT, col, rowsOf, tableOf } from '../engine/query/sql';
import type { Caller } from '../engine/records/moduleRecords';

/** At most this many rows: a related list, not a report. */
const MAX_ROWS = 200;

/**
 * An account's campaign history: the campaign memberships (crm_campaign_member) of the leads
 * converted into it. A row shows only when the caller may open both the lead and the campaign,
 * so the list never names a record they could not open; newest membership first.
 */
export async function campaignsOfAccount(db: Db, { user }: Caller, accountId: number): Promise<AccountCampaign[]> {
  const meta = metadataOf(db);
  const [account, leads, campaigns] = (['account', 'leads', 'campaign'] as const).map((m) => meta.module(m));
  const scope = recordScope(user);
  const inScope = scope ? sql` and ${scope}` : sql``;
  const [found] = await rowsOf(db, sql`select id from ${tableOf(account!.table)} where id = ${accountId} and ${PRESENT}${inScope}`);
  if (!found) throw notFound('record.notFound');
  const convertedAccount = col(leads!.byName.get('convertedAccountId')!.column);
  // Each side is scoped in its own sub-select: the scope's columns are unqualified.
  const rows = await rowsOf<{ id: unknown; campaign_id: unknown; campaign_name: unknown; lead_id: unknown; lead_name: unknown; status: unknown; create_time: unknown }>(
    db,
    sql`select m.id, m.campaign_id, c.name as campaign_name, m.lead_id, l.name as lead_name, m.status, m.create_time
        from crm_campaign_member m
        join (select id, ${nameExpression(leads!)} as name from ${tableOf(leads!.table)} where ${convertedAccount} = ${accountId} and ${PRESENT}${inScope}) l on l.id = m.lead_id
        join (select id, ${nameExpression(campaigns!)} as name from ${tableOf(campaigns!.table)} where ${PRESENT}${inScope}) c on c.id = m.campaign_id
        order by m.id desc limit ${MAX_ROWS}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    campaignId: Number(r.campaign_id),
    campaignName: String(r.campaign_name),
    leadId: Number(r.lead_id),
    leadName: String(r.lead_name),
    status: String(r.status),
    createTime: new Date(String(r.create_time)).toISOString(),
  }));
}
