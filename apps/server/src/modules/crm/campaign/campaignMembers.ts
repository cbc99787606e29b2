import { and, eq, sql } from 'drizzle-orm';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import type { CampaignMember, CampaignMemberModule } from '@orbit/shared/contract/campaign';
import type { Db, Executor } from '../../../db/client';
import { sysDictData } from '../../../db/schema/dict';
import { badRequest, notFound } from '../../../lib/errors';
import { containsPattern } from '../../../lib/listQuery';
import type { CurrentUser } from '../../auth/currentUser';
import { metadataOf } from '../engine/metadata/metadataStore';
import { securedDef } from '../fieldSecurity/fieldAccess';
import { searchTextMatches } from '../engine/query/quickSearch';
import { nameExpression, nameSeenBy } from '../engine/query/recordName';
import { recordAccess } from '../engine/query/recordAccess';
import { col, rowsOf, tableOf } from '../engine/query/sql';
import { createRecordsRepository } from '../engine/records/recordsRepository';
import type { Caller } from '../engine/records/moduleRecords';
import { MEMBER_COLUMN, andAll, campaignsOfRecord } from './campaignMemberships';

export const DEFAULT_MEMBER_STATUS = 'sent';

/** Bound parameters as one bigint array (for `unnest`). */
const bigintArray = (ids: number[]) => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::bigint[]`;

type MemberRow = {
  id: unknown; lead_id: unknown; contact_id: unknown; name: unknown; company: unknown; account_id: unknown; status: unknown; create_time: unknown;
};

/**
 * Leads and contacts as members of campaigns: added from the lead or contact list (mass action),
 * an account's page (its contacts) or the campaign page, each with a member status (dictionary
 * crm_campaign_member_status). A member is visible — listed, changed, removed — only when the caller
 * may read both its campaign and its person (query/recordAccess.ts: campaigns are public read-only by
 * default, so a rep adds her leads to marketing's campaigns); anything else answers like a missing
 * record.
 */
export function createCampaignMembers(db: Db) {
  const meta = metadataOf(db);
  const def = (module: CampaignMemberModule | 'campaign' | 'account') => meta.module(module);

  /** The campaign, present and within scope, or 404. */
  async function campaignInReach(tx: Executor, user: CurrentUser, campaignId: number) {
    const [found] = await createRecordsRepository(tx, def('campaign')).select(sql`id`, [sql`id = ${campaignId}`, recordAccess(user, 'campaign', 'read')]);
    if (!found) throw notFound('record.notFound');
  }

  async function checkStatus(tx: Executor, status: string) {
    const [known] = await tx
      .select({ value: sysDictData.dictValue })
      .from(sysDictData)
      .where(and(eq(sysDictData.dictType, CAMPAIGN_MEMBER_STATUS_DICT), eq(sysDictData.dictValue, status), eq(sysDictData.status, '0')));
    if (!known) throw badRequest('campaign.memberStatusInvalid');
  }

  /** Makes `ids` (present, in scope and locked by the caller) members; those already members are skipped. Answers how many were added. */
  async function insertMembers(tx: Executor, user: CurrentUser, campaignId: number, module: CampaignMemberModule, ids: number[], status: string) {
    if (!ids.length) return 0;
    const column = sql.identifier(MEMBER_COLUMN[module]);
    const inserted = await rowsOf(
      tx,
      sql`insert into crm_campaign_member (campaign_id, ${column}, status, create_by)
          select ${campaignId}, person, ${status}, ${user.userId} from unnest(${bigintArray(ids)}) as person
          on conflict (campaign_id, ${column}) do nothing returning id`,
    );
    return inserted.length;
  }

  /**
   * The persons (leads and contacts) joined to the members, each within the caller's scope: a member
   * whose person is out of scope or deleted has neither join and is left out.
   */
  const people = (user: CurrentUser) => {
    const inScope = (alias: 'l' | 'k') => {
      const scope = recordAccess(user, alias === 'l' ? 'leads' : 'contact', 'read', alias);
      return scope ? sql` and ${scope}` : sql``;
    };
    return sql`left join ${tableOf(def('leads').table)} l on l.id = m.lead_id and l.deleted_at is null${inScope('l')}
      left join ${tableOf(def('contact').table)} k on k.id = m.contact_id and k.deleted_at is null${inScope('k')}`;
  };

  /** Of `memberIds`, those whose campaign and person the caller may see (locked for the transaction). */
  async function visibleMembers(tx: Executor, user: CurrentUser, memberIds: number[]) {
    const rows = await rowsOf<{ id: unknown }>(
      tx,
      sql`select m.id from crm_campaign_member m ${people(user)}
          join ${tableOf(def('campaign').table)} c on c.id = m.campaign_id and c.deleted_at is null
          where ${andAll([sql`m.id in ${memberIds}`, sql`(l.id is not null or k.id is not null)`, recordAccess(user, 'campaign', 'read', 'c')])}
          for update of m`,
    );
    return rows.map((r) => Number(r.id));
  }

  return {
    /**
     * Adds leads and contacts to a campaign; people already in it keep their status (they are not
     * counted). The campaign and every person must be within reach, or nothing happens. Answers how
     * many were added.
     */
    async add({ user }: Caller, body: { campaignId: number; leadIds?: number[]; contactIds?: number[]; status?: string }): Promise<number> {
      const status = body.status ?? DEFAULT_MEMBER_STATUS;
      const wanted: Array<[CampaignMemberModule, number[]]> = [
        ['leads', [...new Set(body.leadIds ?? [])]],
        ['contact', [...new Set(body.contactIds ?? [])]],
      ];
      return db.transaction(async (tx) => {
        for (const [module, ids] of wanted) {
          if (!ids.length) continue;
          const found = await createRecordsRepository(tx, def(module)).lock(sql`id`, ids, recordAccess(user, module, 'write'));
          if (found.length !== ids.length) throw notFound('record.someNotFound');
        }
        await campaignInReach(tx, user, body.campaignId);
        await checkStatus(tx, status);
        let added = 0;
        for (const [module, ids] of wanted) added += await insertMembers(tx, user, body.campaignId, module, ids, status);
        return added;
      });
    },

    /**
     * Adds an account's contacts (present, within the caller's scope) to a campaign; the account must be
     * within reach (else 404), and have at least one such contact (else 400). Answers how many were added.
     */
    async addAccountContacts({ user }: Caller, accountId: number, campaignId: number, memberStatus?: string): Promise<number> {
      const status = memberStatus ?? DEFAULT_MEMBER_STATUS;
      return db.transaction(async (tx) => {
        const [account] = await createRecordsRepository(tx, def('account')).select(sql`id`, [sql`id = ${accountId}`, recordAccess(user, 'account', 'read')]);
        if (!account) throw notFound('record.notFound');
        await campaignInReach(tx, user, campaignId);
        await checkStatus(tx, status);
        const contact = def('contact');
        const accountColumn = col(contact.byName.get('accountId')!.column);
        const found = await createRecordsRepository(tx, contact).select(sql`id`, [sql`${accountColumn} = ${accountId}`, recordAccess(user, 'contact', 'write')], [sql`id`]);
        if (!found.length) throw badRequest('campaign.noContactsToAdd');
        return insertMembers(tx, user, campaignId, 'contact', found.map((r) => Number(r.id)), status);
      });
    },

    /**
     * A page of the campaign's members the caller may see, newest first: `type` keeps leads or
     * contacts only; `q` searches the person's searchable fields (name, company, e-mail, phone).
     */
    async list({ user }: Caller, campaignId: number, query: { q?: string; type?: CampaignMemberModule; pageNum: number; pageSize: number }) {
      await campaignInReach(db, user, campaignId);
      const [lead, contact, account] = [def('leads'), def('contact'), def('account')];
      const pattern = query.q ? containsPattern(query.q.toLowerCase()) : undefined;
      const filter = andAll([
        sql`m.campaign_id = ${campaignId}`,
        query.type === 'leads' ? sql`l.id is not null` : query.type === 'contact' ? sql`k.id is not null` : sql`(l.id is not null or k.id is not null)`,
        // What the caller's role may see of each person (field-level security): a hidden e-mail is not searched.
        pattern ? sql`(${searchTextMatches(securedDef(lead, user), pattern, 'l')} or ${searchTextMatches(securedDef(contact, user), pattern, 'k')})` : undefined,
      ]);
      const from = sql`crm_campaign_member m ${people(user)}`;
      const [count] = await rowsOf<{ count: unknown }>(db, sql`select count(*) as count from ${from} where ${filter}`);
      const company = sql.identifier(lead.byName.get('company')?.column ?? 'company');
      const accountId = sql`k.${sql.identifier(contact.byName.get('accountId')!.column)}`;
      const rows = await rowsOf<MemberRow>(
        db,
        sql`select m.id, m.lead_id, m.contact_id, m.status, m.create_time,
              case when m.lead_id is not null then ${nameExpression(lead, 'l')} else ${nameExpression(contact, 'k')} end as name,
              case when m.lead_id is not null then l.${company} else ${nameSeenBy(user, account, 'a')} end as company,
              a.id as account_id
            from ${from} left join ${tableOf(account.table)} a on a.id = ${accountId} and a.deleted_at is null
            where ${filter} order by m.id desc limit ${query.pageSize} offset ${(query.pageNum - 1) * query.pageSize}`,
      );
      const members: CampaignMember[] = rows.map((r) => ({
        id: Number(r.id),
        type: r.lead_id === null ? 'contact' : 'leads',
        leadId: r.lead_id === null ? null : Number(r.lead_id),
        contactId: r.contact_id === null ? null : Number(r.contact_id),
        name: String(r.name),
        company: r.company === null ? null : String(r.company),
        accountId: r.account_id === null ? null : Number(r.account_id),
        status: String(r.status),
        createTime: new Date(r.create_time as string).toISOString(),
      }));
      return { total: Number(count?.count ?? 0), rows: members };
    },

    /** Changes a member's status (the person's campaign history shows the same row). */
    async setStatus({ user }: Caller, memberId: number, status: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await visibleMembers(tx, user, [memberId])).length) throw notFound('record.notFound');
        await checkStatus(tx, status);
        await tx.execute(sql`update crm_campaign_member set status = ${status}, update_time = now() where id = ${memberId}`);
      });
    },

    /** Removes members (the people stay); all must be visible, or nothing happens. Answers how many were removed. */
    async remove({ user }: Caller, memberIds: number[]): Promise<number> {
      const ids = [...new Set(memberIds)];
      return db.transaction(async (tx) => {
        if ((await visibleMembers(tx, user, ids)).length !== ids.length) throw notFound('record.someNotFound');
        await tx.execute(sql`delete from crm_campaign_member where id in ${ids}`);
        return ids.length;
      });
    },

    /** The campaigns a lead or contact is a member of (its campaign history). */
    ofRecord: ({ user }: Caller, module: CampaignMemberModule, recordId: number) => campaignsOfRecord(db, user, module, recordId),
  };
}
