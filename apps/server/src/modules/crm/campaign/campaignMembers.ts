import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import type { CampaignMember } from '@orbit/shared/contract/campaign';
import type { CampaignMembership } from '@orbit/shared/contract/crm';
import type { Db, Executor } from '../../../db/client';
import { sysDictData } from '../../../db/schema/dict';
import { badRequest, notFound } from '../../../lib/errors';
import { containsPattern } from '../../../lib/listQuery';
import type { CurrentUser } from '../../auth/currentUser';
import { metadataOf } from '../engine/metadata/metadataStore';
import { nameExpression } from '../engine/query/recordName';
import { recordScope } from '../engine/query/recordScope';
import { rowsOf, tableOf } from '../engine/query/sql';
import { createRecordsRepository } from '../engine/records/recordsRepository';
import type { Caller } from '../engine/records/moduleRecords';

export const DEFAULT_MEMBER_STATUS = 'sent';

const where = (parts: Array<SQL | undefined>) => sql.join(parts.filter((p): p is SQL => p !== undefined), sql` and `);

/**
 * Leads as members of campaigns: added from the lead list (mass action) or the campaign page, each
 * with a member status (dictionary crm_campaign_member_status). A member is visible — listed,
 * changed, removed — only when both its campaign and its lead are within the caller's data scope;
 * anything else answers like a missing record.
 */
export function createCampaignMembers(db: Db) {
  const meta = metadataOf(db);
  const leads = () => meta.module('leads');
  const campaigns = () => meta.module('campaign');

  /** The campaign, present and within scope, or 404. */
  async function campaignInReach(tx: Executor, user: CurrentUser, campaignId: number) {
    const [found] = await createRecordsRepository(tx, campaigns()).select(sql`id`, [sql`id = ${campaignId}`, recordScope(user)]);
    if (!found) throw notFound('record.notFound');
  }

  async function checkStatus(tx: Executor, status: string) {
    const [known] = await tx
      .select({ value: sysDictData.dictValue })
      .from(sysDictData)
      .where(and(eq(sysDictData.dictType, CAMPAIGN_MEMBER_STATUS_DICT), eq(sysDictData.dictValue, status), eq(sysDictData.status, '0')));
    if (!known) throw badRequest('campaign.memberStatusInvalid');
  }

  /** Of `memberIds`, those whose campaign and lead the caller may see (locked for the transaction). */
  async function visibleMembers(tx: Executor, user: CurrentUser, memberIds: number[]) {
    const rows = await rowsOf<{ id: unknown }>(
      tx,
      sql`select m.id from crm_campaign_member m
          join ${tableOf(leads().table)} l on l.id = m.lead_id and l.deleted_at is null
          join ${tableOf(campaigns().table)} c on c.id = m.campaign_id and c.deleted_at is null
          where ${where([sql`m.id in ${memberIds}`, recordScope(user, 'l'), recordScope(user, 'c')])}
          for update of m`,
    );
    return rows.map((r) => Number(r.id));
  }

  return {
    /**
     * Adds leads to a campaign; leads already in it keep their status (they are not counted).
     * The campaign and every lead must be within reach, or nothing happens. Answers how many were added.
     */
    async add({ user }: Caller, body: { campaignId: number; leadIds: number[]; status?: string }): Promise<number> {
      const status = body.status ?? DEFAULT_MEMBER_STATUS;
      const leadIds = [...new Set(body.leadIds)];
      return db.transaction(async (tx) => {
        const found = await createRecordsRepository(tx, leads()).lock(sql`id`, leadIds, recordScope(user));
        if (found.length !== leadIds.length) throw notFound('record.someNotFound');
        await campaignInReach(tx, user, body.campaignId);
        await checkStatus(tx, status);
        const inserted = await rowsOf(
          tx,
          sql`insert into crm_campaign_member (campaign_id, lead_id, status, create_by)
              select ${body.campaignId}, lead_id, ${status}, ${user.userId} from unnest(${sql`array[${sql.join(leadIds.map((id) => sql`${id}`), sql`, `)}]::bigint[]`}) as lead_id
              on conflict (campaign_id, lead_id) do nothing returning id`,
        );
        return inserted.length;
      });
    },

    /** A page of the campaign's members the caller may see, newest first; `q` searches the lead's name, company, e-mail and phone. */
    async list({ user }: Caller, campaignId: number, query: { q?: string; pageNum: number; pageSize: number }) {
      await campaignInReach(db, user, campaignId);
      const def = leads();
      const filter = where([
        sql`m.campaign_id = ${campaignId}`,
        sql`l.deleted_at is null`,
        recordScope(user, 'l'),
        query.q ? sql`l.search_text like ${containsPattern(query.q.toLowerCase())}` : undefined,
      ]);
      const from = sql`crm_campaign_member m join ${tableOf(def.table)} l on l.id = m.lead_id`;
      const [count] = await rowsOf<{ count: unknown }>(db, sql`select count(*) as count from ${from} where ${filter}`);
      const company = def.byName.get('company')?.column ?? 'company';
      const rows = await rowsOf<{ id: unknown; lead_id: unknown; lead_name: unknown; company: unknown; status: unknown; create_time: unknown }>(
        db,
        sql`select m.id, m.lead_id, ${nameExpression(def, 'l')} as lead_name, l.${sql.identifier(company)} as company, m.status, m.create_time
            from ${from} where ${filter} order by m.id desc limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`,
      );
      const members: CampaignMember[] = rows.map((r) => ({
        id: Number(r.id),
        leadId: Number(r.lead_id),
        leadName: String(r.lead_name),
        company: r.company === null ? null : String(r.company),
        status: String(r.status),
        createTime: new Date(r.create_time as string).toISOString(),
      }));
      return { total: Number(count?.count ?? 0), rows: members };
    },

    /** Changes a member's status (the lead's campaign history shows the same row). */
    async setStatus({ user }: Caller, memberId: number, status: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await visibleMembers(tx, user, [memberId])).length) throw notFound('record.notFound');
        await checkStatus(tx, status);
        await tx.execute(sql`update crm_campaign_member set status = ${status}, update_time = now() where id = ${memberId}`);
      });
    },

    /** Removes members (the leads stay); all must be visible, or nothing happens. Answers how many were removed. */
    async remove({ user }: Caller, memberIds: number[]): Promise<number> {
      const ids = [...new Set(memberIds)];
      return db.transaction(async (tx) => {
        if ((await visibleMembers(tx, user, ids)).length !== ids.length) throw notFound('record.someNotFound');
        await tx.execute(sql`delete from crm_campaign_member where id in ${ids}`);
        return ids.length;
      });
    },

    /** The campaigns a lead is a member of, newest first (the lead must be within reach; campaigns out of scope are left out). */
    async ofLead({ user }: Caller, leadId: number): Promise<CampaignMembership[]> {
      const [lead] = await createRecordsRepository(db, leads()).select(sql`id`, [sql`id = ${leadId}`, recordScope(user)]);
      if (!lead) throw notFound('record.notFound');
      const campaign = campaigns();
      const rows = await rowsOf<{ id: unknown; campaign_id: unknown; name: unknown; status: unknown; create_time: unknown }>(
        db,
        sql`select m.id, m.campaign_id, ${nameExpression(campaign, 'c')} as name, m.status, m.create_time
            from crm_campaign_member m join ${tableOf(campaign.table)} c on c.id = m.campaign_id and c.deleted_at is null
            where ${where([sql`m.lead_id = ${leadId}`, recordScope(user, 'c')])} order by m.id desc`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        campaignId: Number(r.campaign_id),
        campaignName: String(r.name),
        status: String(r.status),
        createTime: new Date(r.create_time as string).toISOString(),
      }));
    },
  };
}
