import { sql, type SQL } from 'drizzle-orm';
import { CAMPAIGN_RESPONSE_STATUSES, CAMPAIGN_TREE_DEPTH, type CampaignFigures } from '@orbit/shared/contract/campaign';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import { metadataOf } from '../engine/metadata/metadataStore';
import { recordAccess } from '../engine/query/recordAccess';
import { rowsOf, tableOf } from '../engine/query/sql';
import { convertedAmountSql, foreignCurrencySql } from '../money/moduleMoney';
import { displayCurrencyOf, displayCurrencySql } from '../money/displayCurrency';

/** The opportunity stage whose amount counts as won. */
export const WON_STAGE = 'closed_won';

/** `alias.column` of a field, the column name from metadata. */
const column = (def: ModuleDef, alias: string, field: string): SQL => sql`${sql.identifier(alias)}.${sql.identifier(def.byName.get(field)?.column ?? field)}`;
const scoped = (user: CurrentUser, alias: 'c' | 'l' | 'k' | 'o'): SQL => {
  const scope = recordAccess(user, ({ c: 'campaign', l: 'leads', k: 'contact', o: 'opportunity' } as const)[alias], 'read', alias);
  return scope ? sql` and ${scope}` : sql``;
};

/**
 * The one statement behind a campaign's figures (docs/records-engine.md, "Campaigns"):
 * - campaigns: the campaign, and with `children` those below it by parentCampaignId (at most
 *   CAMPAIGN_TREE_DEPTH levels down), present and within the caller's scope;
 * - members: distinct present leads and contacts in scope that are members of those campaigns; a
 *   response is a member with a status in CAMPAIGN_RESPONSE_STATUSES; converted: lead members with a
 *   conversion time (a contact is never "converted");
 * - opportunities: present ones in scope whose source lead is a member, or that name one of the
 *   campaigns as their campaign (counted once); won: those at WON_STAGE, with the sum of their amounts;
 * - actual cost: the sum over the campaigns (null when none of them has one).
 */
export function figuresStatement(
  meta: { module(name: 'campaign' | 'leads' | 'contact' | 'opportunity'): ModuleDef },
  user: CurrentUser,
  campaignId: number,
  children: boolean,
): SQL {
  const campaign = meta.module('campaign');
  const lead = meta.module('leads');
  const contact = meta.module('contact');
  const opportunity = meta.module('opportunity');
  const responses = sql.join(CAMPAIGN_RESPONSE_STATUSES.map((s) => sql`${s}`), sql`, `);
  const childLevels = children
    ? sql` union all
        select c.id, t.depth + 1 from ${tableOf(campaign.table)} c join tree t on ${column(campaign, 'c', 'parentCampaignId')} = t.id
        where t.depth < ${CAMPAIGN_TREE_DEPTH} and c.deleted_at is null${scoped(user, 'c')}`
    : sql``;
  // Alone, a person is a member once (unique campaign_id × lead_id, campaign_id × contact_id); with children
  // one may be a member of several, counted once. Each kind is read from its own partial index.
  const memberships = (person: 'lead_id' | 'contact_id') => {
    const column = sql`m.${sql.identifier(person)}`;
    return children
      ? sql`select ${column} as person, bool_or(m.status in (${responses})) as responded from crm_campaign_member m
            where m.campaign_id in (select id from camps) and ${column} is not null group by ${column}`
      : sql`select ${column} as person, m.status in (${responses}) as responded from crm_campaign_member m
            where m.campaign_id = ${campaignId} and ${column} is not null`;
  };
  const convertedAt = column(lead, 'l', 'convertedAt');
  const stage = column(opportunity, 'o', 'stage');
  // Money of records in several currencies in the viewer's display currency, at the rates of each record's date (issue 33).
  const own = (alias: string) => (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  const target = displayCurrencySql(user.userId);
  const amount = convertedAmountSql(opportunity, own('o'), column(opportunity, 'o', 'amount'), target);
  const actualCost = convertedAmountSql(campaign, own('c'), column(campaign, 'c', 'actualCost'), target);
  return sql`
    with recursive tree(id, depth) as (
      select c.id, 0 from ${tableOf(campaign.table)} c where c.id = ${campaignId} and c.deleted_at is null${scoped(user, 'c')}${childLevels}
    ),
    camps as (select c.id, ${actualCost} as actual_cost, ${foreignCurrencySql(campaign, own('c'), target)} as fx from ${tableOf(campaign.table)} c where c.id in (select id from tree)),
    lead_memberships as (${memberships('lead_id')}),
    contact_memberships as (${memberships('contact_id')}),
    member_figures as (
      select count(*) as members, count(*) filter (where ms.responded) as responses, count(*) filter (where ${convertedAt} is not null) as converted,
        coalesce(array_agg(l.id) filter (where ${convertedAt} is not null), '{}') as converted_ids
      from lead_memberships ms
      join ${tableOf(lead.table)} l on l.id = ms.person and l.deleted_at is null${scoped(user, 'l')}
    ),
    -- A contact is already a customer's person: it counts among members and responses, never as a converted lead.
    contact_figures as (
      select count(*) as members, count(*) filter (where ms.responded) as responses
      from contact_memberships ms
      join ${tableOf(contact.table)} k on k.id = ms.person and k.deleted_at is null${scoped(user, 'k')}
    ),
    opps as (
      -- Only a conversion sets an opportunity's source lead, so only converted members can have one.
      select o.id, ${stage} as stage, ${amount} as amount, ${foreignCurrencySql(opportunity, own('o'), target)} as fx from ${tableOf(opportunity.table)} o
      where ${column(opportunity, 'o', 'sourceLeadId')} = any((select converted_ids from member_figures)::bigint[]) and o.deleted_at is null${scoped(user, 'o')}
      union
      select o.id, ${stage}, ${amount}, ${foreignCurrencySql(opportunity, own('o'), target)} from ${tableOf(opportunity.table)} o
      where ${column(opportunity, 'o', 'campaignId')} in (select id from camps) and o.deleted_at is null${scoped(user, 'o')}
    )
    select c.campaigns, c.actual_cost, m.members as lead_members, k.members as contact_members, m.responses + k.responses as responses,
      m.converted, o.opportunities, o.won, o.won_amount, coalesce(c.fx, false) or coalesce(o.fx, false) as money_converted
    from (select count(*) as campaigns, round(sum(actual_cost), 2) as actual_cost, bool_or(fx) filter (where actual_cost is not null) as fx from camps) c,
         member_figures m, contact_figures k,
         (select count(*) as opportunities, count(*) filter (where stage = ${WON_STAGE}) as won, coalesce(round(sum(amount) filter (where stage = ${WON_STAGE}), 2), 0) as won_amount,
           bool_or(fx) filter (where stage = ${WON_STAGE} and amount is not null) as fx from opps) o`;
}

type FigureRow = {
  campaigns: unknown;
  actual_cost: unknown;
  lead_members: unknown;
  contact_members: unknown;
  responses: unknown;
  converted: unknown;
  opportunities: unknown;
  won: unknown;
  won_amount: unknown;
  money_converted?: unknown;
};

/** Decimal text with two places, as currency fields are answered. */
const money = (value: unknown): string => Number(value).toFixed(2);

/** The figures from the statement's row: rates and ROI worked out here, null where they are undefined. */
export function figuresOf(row: FigureRow, children: boolean, currency: string): CampaignFigures {
  const leadMembers = Number(row.lead_members);
  const contactMembers = Number(row.contact_members);
  const members = leadMembers + contactMembers;
  const responses = Number(row.responses);
  const cost = row.actual_cost === null || row.actual_cost === undefined ? null : Number(row.actual_cost);
  const won = Number(row.won_amount);
  return {
    withChildren: children,
    campaigns: Number(row.campaigns),
    members,
    leadMembers,
    contactMembers,
    responses,
    responseRate: members > 0 ? responses / members : null,
    convertedLeads: Number(row.converted),
    opportunities: Number(row.opportunities),
    wonOpportunities: Number(row.won),
    wonAmount: money(won),
    actualCost: cost === null ? null : money(cost),
    // ROI = (won amount − actual cost) / actual cost; no cost (empty or zero) means no ROI, not an infinite one.
    roi: cost ? (won - cost) / cost : null,
    currency,
    ...(row.money_converted === true || row.money_converted === 't' ? { moneyConverted: true as const } : {}),
  };
}

/** A campaign's figures as the caller may see them; 404 when the campaign is missing or out of scope. */
export async function campaignFigures(db: Db, user: CurrentUser, campaignId: number, children: boolean): Promise<CampaignFigures> {
  const meta = metadataOf(db);
  const [[row], currency] = await db.transaction(async (tx) => {
    // Settings for this statement only (docs/bench-campaigns.md): its estimated cost passes the JIT
    // threshold, and compiling it took longer than running it; left to choose, the planner hashes the
    // whole lead table, where joining the members to crm_lead_membership_idx (index only, merge or
    // loop) was eight times faster at 100,000 members; with child campaigns the distinct members
    // are grouped in memory rather than spilled to disk.
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('enable_hashjoin', 'off', true), set_config('work_mem', '32MB', true)`);
    return [await rowsOf<FigureRow>(tx, figuresStatement(meta, user, campaignId, children)), (await displayCurrencyOf(tx, user.userId)).display] as const;
  });
  if (!row || Number(row.campaigns) === 0) throw notFound('record.notFound');
  return figuresOf(row, children, currency);
}
