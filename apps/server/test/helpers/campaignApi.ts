import { expect } from 'vitest';
import { caller, userIds } from './adminApi';
import { signedInApp } from './signedInApp';

type Call = ReturnType<typeof caller>;

/** A row of `GET /crm/campaign/{id}/members`, as the campaign tests read it. */
export type CampaignMember = { id: number; type: string; leadId: number | null; contactId: number | null; name: string; company: string | null; accountId: number | null; status: string };

/**
 * What the campaign member tests start from: a fresh app with admin; Mia (marketing: campaigns in
 * full, her department's records); Olivia (sales rep: campaigns read-only, her own records); Emma
 * (sales manager: Sales East and below) signed in; and every user's id by user name.
 */
export async function campaignApp() {
  const { app, as } = await signedInApp(['admin', 'mia.chen', 'olivia.park', 'emma.stone']);
  return { app, admin: as.admin, mia: as['mia.chen'], olivia: as['olivia.park'], emma: as['emma.stone'], users: await userIds(as.admin) };
}

/** A campaign's members (up to 50), as `call` may see them; `query` adds `&q=…`, `&type=…`. */
export async function listMembers(call: Call, campaignId: number, query = ''): Promise<{ total: number; rows: CampaignMember[] }> {
  const res = await call('GET', `/crm/campaign/${campaignId}/members?pageSize=50${query}`);
  expect(res.body.code).toBe(200);
  return res.body as { total: number; rows: CampaignMember[] };
}
