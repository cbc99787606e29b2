import type { Executor } from '../../client';
import { bulkInsert } from './bulkInsert';
import type { DemoContext } from './context';
import { EN_COMPANIES, EN_PLACES, ZH_COMPANIES, ZH_PLACES, slug, type Place } from './names';

const INDUSTRIES = ['technology', 'finance', 'healthcare', 'manufacturing', 'retail', 'education', 'other'];
const RATINGS: Array<[string | null, number]> = [['hot', 2], ['warm', 3], ['cold', 2], [null, 1]];
/** Reps own most accounts; the managers keep a few key ones. */
const ACCOUNT_OWNERS: Array<[string, number]> = [['olivia.park', 3], ['grace.hall', 3], ['noah.king', 3], ['emma.stone', 1], ['liam.brooks', 1]];

/** Subsidiaries and branches: [name, parent name, owner]; a child keeps its parent's industry. */
const SUBSIDIARIES: Array<[string, string, string]> = [
  ['Contoso Europe', 'Contoso Ltd', 'olivia.park'],
  ['Contoso Asia Pacific', 'Contoso Ltd', 'grace.hall'],
  ['Woodgrove Wealth Management', 'Woodgrove Bank', 'noah.king'],
  ['Fabrikam Manufacturing', 'Fabrikam Inc', 'liam.brooks'],
  ['华信科技（深圳）有限公司', '华信科技有限公司', 'grace.hall'],
  ['锦程物流华东分公司', '锦程物流集团', 'olivia.park'],
  // Two levels deep: a subsidiary's own branch.
  ['Contoso Japan', 'Contoso Asia Pacific', 'grace.hall'],
  ['华信科技（深圳）南山研发中心', '华信科技（深圳）有限公司', 'grace.hall'],
];
/** Group heads owned by the East manager, so she sees the whole tree and each rep only their part. */
const GROUP_OWNERS: Record<string, string> = { 'Contoso Ltd': 'emma.stone', 华信科技有限公司: 'emma.stone', 'Woodgrove Bank': 'liam.brooks', 'Fabrikam Inc': 'noah.king' };

export type DemoAccount = { id: number; name: string; owner: string; ownerId: number; deptId: number | null; chinese: boolean; createTime: Date; parentId: number | null };

const chineseName = (name: string) => /[\u4e00-\u9fff]/.test(name);

/** The companies the organisation sells to, some with subsidiaries two levels deep, each with its addresses. */
export async function seedAccounts(tx: Executor, ctx: DemoContext): Promise<DemoAccount[]> {
  const { rand } = ctx;
  const postal = (pattern: string) => pattern.replace(/#/g, () => String(rand.int(0, 9)));
  const address = (prefix: 'billing' | 'shipping', place: Place, chinese: boolean) => {
    const street = rand.pick(place.streets);
    return {
      [`${prefix}_street`]: chinese ? `${street}${rand.int(1, 999)}号` : `${rand.int(1, 999)} ${street}`,
      [`${prefix}_city`]: place.city, [`${prefix}_state`]: place.state || null,
      [`${prefix}_postal_code`]: postal(place.postal), [`${prefix}_country`]: place.country,
    };
  };
  const recordTypes: Array<[string, number]> = [['customer', 5], ['prospect', 3], ['partner', 1]];
  const typeFor = (recordType: string) => (recordType === 'partner' ? rand.pick(['partner', 'reseller']) : recordType);

  const all: DemoAccount[] = [];
  const industryOf = new Map<string, string>();
  const row = (name: string, owner: string, parent?: DemoAccount) => {
    const chinese = chineseName(name);
    const places = chinese ? ZH_PLACES : EN_PLACES;
    const billingPlace = rand.pick(places);
    const billing = address('billing', billingPlace, chinese);
    const shipping = rand.next() < 0.6 ? Object.fromEntries(Object.entries(billing).map(([k, v]) => [k.replace('billing_', 'shipping_'), v])) : address('shipping', rand.pick(places), chinese);
    const recordType = parent ? 'customer' : rand.weighted(recordTypes);
    const industry = (parent && industryOf.get(parent.name)) ?? rand.pick(INDUSTRIES);
    industryOf.set(name, industry);
    const big = !parent && rand.next() < 0.3;
    const values = {
      name, record_type_id: ctx.typeId('account', recordType), type: typeFor(recordType), industry, rating: rand.weighted(RATINGS),
      phone: chinese ? `+86 21 ${rand.int(5000, 8999)} ${rand.int(1000, 9999)}` : `+1 (555) ${rand.int(100, 999)}-${rand.int(1000, 9999)}`,
      website: chinese ? `https://www.company${all.length + 1}.cn` : `https://www.${slug(name)}.com`,
      annual_revenue: `${rand.int(2, big ? 5000 : 500) * 100000}.00`, employees: big ? rand.int(2000, 50000) : rand.int(10, 2000),
      parent_account_id: parent?.id ?? null, ...billing, ...shipping,
      description: parent ? (chinese ? `${parent.name}的下属机构。` : `Part of the ${parent.name} group.`) : null,
      ...ctx.owner(owner), create_time: ctx.daysAgo(parent ? rand.int(60, 300) : rand.int(420, 900)),
    };
    return { owner, parent, values };
  };

  const insertLevel = async (rows: Array<ReturnType<typeof row>>) => {
    if (!rows.length) return;
    const ids = await bulkInsert(tx, 'crm_account', rows.map((r) => r.values));
    for (const [i, { owner, parent, values }] of rows.entries()) {
      all.push({
        id: ids[i]!, name: values.name, owner, ownerId: values.owner_id, deptId: values.dept_id, chinese: chineseName(values.name),
        createTime: values.create_time, parentId: parent?.id ?? null,
      });
    }
  };

  // The group heads and stand-alone companies first, English then Chinese.
  const roots = [...EN_COMPANIES, ...ZH_COMPANIES].map((name) => row(name, GROUP_OWNERS[name] ?? rand.weighted(ACCOUNT_OWNERS)));
  await insertLevel(roots);
  // Each further level only after its parents have ids.
  let pending = SUBSIDIARIES;
  while (pending.length) {
    const byName = new Map(all.map((a) => [a.name, a]));
    const ready = pending.filter(([, parent]) => byName.has(parent));
    pending = pending.filter(([, parent]) => !byName.has(parent));
    await insertLevel(ready.map(([name, parent, owner]) => row(name, owner, byName.get(parent))));
  }
  return all;
}
