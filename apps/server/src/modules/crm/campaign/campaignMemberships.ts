import { sql, type SQL } from 'drizzle-orm';
import type { CampaignMemberModule } from '@orbit/shared/contract/campaign';
import type { CampaignMembership } from '@orbit/shared/contract/crm';
import type { Db, Executor } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { metadataOf } from '../engine/metadata/metadataStore';
import type { ModuleHooks } from '../engine/moduleHooks';
import { nameExpression } from '../engine/query/recordName';
import { recordAccess } from '../engine/query/recordAccess';
import { rowsOf, tableOf } from '../engine/query/sql';
import { createRecordsRepository } from '../engine/records/recordsRepository';

/** The column of crm_campaign_member that names a member of each kind (exactly one is set per row). */
export const MEMBER_COLUMN: Record<CampaignMemberModule, 'lead_id' | 'contact_id'> = { leads: 'lead_id', contact: 'contact_id' };

export const memberColumn = (module: CampaignMemberModule, alias = 'm'): SQL => sql`${sql.identifier(alias)}.${sql.identifier(MEMBER_COLUMN[module])}`;

export const andAll = (parts: Array<SQL | undefined>) => sql.join(parts.filter((p): p is SQL => p !== undefined), sql` and `);

/**
 * The campaigns a lead or contact is a member of, newest first — its campaign history. The record
 * must be present and within reach (else 404); campaigns the caller may not open are left out.
 */
export async function campaignsOfRecord(db: Db, user: CurrentUser, module: CampaignMemberModule, recordId: number): Promise<CampaignMembership[]> {
  const meta = metadataOf(db);
  const [found] = await createRecordsRepository(db, meta.module(module)).select(sql`id`, [sql`id = ${recordId}`, recordAccess(user, module, 'read')]);
  if (!found) throw notFound('record.notFound');
  const campaign = meta.module('campaign');
  const rows = await rowsOf<{ id: unknown; campaign_id: unknown; name: unknown; status: unknown; create_time: unknown }>(
    db,
    sql`select m.id, m.campaign_id, ${nameExpression(campaign, 'c')} as name, m.status, m.create_time
        from crm_campaign_member m join ${tableOf(campaign.table)} c on c.id = m.campaign_id and c.deleted_at is null
        where ${andAll([sql`${memberColumn(module)} = ${recordId}`, recordAccess(user, 'campaign', 'read', 'c')])} order by m.id desc`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    campaignId: Number(r.campaign_id),
    campaignName: String(r.name),
    status: String(r.status),
    createTime: new Date(r.create_time as string).toISOString(),
  }));
}

/**
 * For a merge of leads or of contacts (h/dupes registers it): the memberships of `mergedIds` move to
 * `survivorId`, in the merge's transaction. A campaign the survivor is already a member of keeps the
 * survivor's membership (and status); of several merged records in one campaign the earliest
 * membership moves. Answers how many memberships moved and how many were dropped.
 */
export async function moveCampaignMemberships(
  tx: Executor,
  module: CampaignMemberModule,
  survivorId: number,
  mergedIds: number[],
): Promise<{ moved: number; dropped: number }> {
  const merged = mergedIds.filter((id) => id !== survivorId);
  if (!merged.length) return { moved: 0, dropped: 0 };
  const person = memberColumn(module);
  const other = memberColumn(module, 'o');
  const dropped = await rowsOf(
    tx,
    sql`delete from crm_campaign_member m where ${person} in ${merged} and exists (
          select 1 from crm_campaign_member o where o.campaign_id = m.campaign_id
          and (${other} = ${survivorId} or (${other} in ${merged} and o.id < m.id))) returning m.id`,
  );
  const moved = await rowsOf(
    tx,
    sql`update crm_campaign_member m set ${sql.identifier(MEMBER_COLUMN[module])} = ${survivorId}, update_time = now() where ${person} in ${merged} returning m.id`,
  );
  return { moved: moved.length, dropped: dropped.length };
}

/** A module's `beforePurge`: records purged from the recycle bin leave the campaigns they were members of. */
export const purgeCampaignMemberships =
  (module: CampaignMemberModule): NonNullable<ModuleHooks['beforePurge']> =>
  async (tx, ids) =>
    void (await tx.execute(sql`delete from crm_campaign_member m where ${memberColumn(module)} in ${ids}`));
