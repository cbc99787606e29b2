import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { seedAccounts } from './demo/accounts';
import { seedActivities } from './demo/activities';
import { seedCampaigns } from './demo/campaigns';
import { demoContext } from './demo/context';
import { seedContacts } from './demo/contacts';
import { convertLeads } from './demo/conversions';
import { createdRow, insertHistory } from './demo/history';
import { seedLeads } from './demo/leads';
import { seedMembers } from './demo/members';
import { seedOpportunities } from './demo/opportunities';
import { seedShares } from './demo/shares';
import { seedTasks } from './demo/tasks';
import { seedTeams } from './demo/teams';
import { seedApprovals } from './demo/approvals';
import { organisationCurrencyOf } from '../../modules/crm/money/organisationCurrency';

/**
 * A working CRM on first start, as a real company's would look: campaigns (two programmes with
 * their campaigns) with members and costs, accounts with subsidiaries, a few hundred leads across
 * owners, sources and statuses (English and Chinese names), some converted into accounts and
 * opportunities, 2–5 people (contacts) at every account, some of them those converted leads and some
 * reporting to others, a pipeline over this quarter and the last four with each deal's stage history,
 * follow-up tasks across the sellers, calls, notes and meetings logged on the accounts and deals,
 * a few leads shared by hand (demo/shares.ts), a few account teams and a sharing rule (demo/teams.ts).
 * Every record has its 'create' history row. Deterministic (a seeded generator, dates relative to
 * today), so the demo looks the same on every machine and
 * tests can rely on its shape. Bulk inserts: a handful of statements whatever the counts.
 */
export async function seedDemoRecords(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const ctx = await demoContext(tx, now);
    const campaigns = await seedCampaigns(tx, ctx);
    const accounts = await seedAccounts(tx, ctx);
    const leads = await seedLeads(tx, ctx, campaigns);
    const pipeline = await seedOpportunities(tx, ctx, accounts, leads, campaigns);
    const converted = new Set(pipeline.conversions.map((c) => c.lead.id));
    const conversionHistory = await convertLeads(tx, ctx, pipeline.conversions, pipeline.opportunities);
    const taskHistory = await seedTasks(tx, ctx, { leads, opportunities: pipeline.opportunities, accounts, campaigns, converted });
    await seedMembers(tx, ctx, leads, campaigns, converted);
    const contactHistory = await seedContacts(tx, ctx, accounts, pipeline.conversions);
    const activityHistory = await seedActivities(tx, ctx, accounts, pipeline.opportunities);
    await seedShares(tx, ctx, leads);
    await seedTeams(tx, ctx, accounts);
    await seedApprovals(tx);
    await insertHistory(tx, [
      ...[...campaigns.values()].map((c) => createdRow(ctx, 'campaign', c.id, c.ownerId, c.createTime)),
      ...accounts.map((a) => createdRow(ctx, 'account', a.id, a.ownerId, a.createTime)),
      ...leads.map((l) => createdRow(ctx, 'leads', l.id, l.ownerId, l.createTime)),
      ...conversionHistory,
      ...pipeline.history,
      ...taskHistory,
      ...contactHistory,
      ...activityHistory,
    ]);
    // The demo's amounts are in the organisation currency, as every record's are by default (issue 33).
    for (const table of ['crm_opportunity', 'crm_account', 'crm_campaign', 'crm_lead']) {
      await tx.execute(sql`update ${sql.identifier(table)} set currency = ${await organisationCurrencyOf(tx)} where currency is null`);
    }
  });
}
