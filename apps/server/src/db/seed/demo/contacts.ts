import { sql } from 'drizzle-orm';
import type { Executor } from '../../client';
import { rowsOf } from '../../../modules/crm/engine/query/sql';
import type { DemoAccount } from './accounts';
import { bulkInsert } from './bulkInsert';
import type { DemoContext } from './context';
import { createdRow, type DemoHistory } from './history';
import { EN_FIRST, EN_LAST, ZH_FIRST, ZH_LAST, slug } from './names';
import type { Conversion } from './opportunities';

/** Who leads at a company, then who works for them: the first contact of an account is its senior one. */
const EN_SENIOR = ['CEO', 'CTO', 'CFO', 'VP Sales', 'IT Director'];
const EN_STAFF = ['Head of Procurement', 'Operations Manager', 'Purchasing Manager', 'Product Manager', 'Office Manager', 'IT Administrator'];
const ZH_SENIOR = ['总经理', '技术总监', '财务总监', '销售副总裁'];
const ZH_STAFF = ['采购经理', '运营经理', '产品经理', '信息部主任', '行政主管'];
const DEPARTMENTS = { en: ['Executive', 'IT', 'Procurement', 'Operations', 'Finance'], zh: ['总经办', '信息部', '采购部', '运营部', '财务部'] };
/** Family names' pinyin, for Chinese contacts' e-mail addresses (ZH_LAST's order). */
const ZH_LAST_PINYIN = ['wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou', 'xu', 'sun', 'ma', 'zhu', 'hu', 'guo', 'he', 'lin', 'luo', 'gao'];
const SOURCES = ['web', 'phone', 'referral', 'trade_show', 'other'];

type LeadPerson = {
  id: number; salutation: string | null; first_name: string | null; last_name: string; title: string | null; email: string | null; phone: string | null;
  mobile: string | null; lead_source: string | null; street: string | null; city: string | null; state: string | null; postal_code: string | null; country: string | null;
};

/**
 * The people of every account: the converted leads become contacts of the account they went to
 * (linked both ways, created at the conversion), and each account gets people of its own up to
 * 2–5 (Chinese people at Chinese companies), owned as the account is, some reporting to the
 * account's senior contact. Runs after everything else so the rest of the demo draws the same
 * numbers as before contacts existed. Answers the contacts' 'create' history.
 */
export async function seedContacts(tx: Executor, ctx: DemoContext, accounts: DemoAccount[], conversions: Conversion[]): Promise<DemoHistory[]> {
  const { rand } = ctx;
  const leadIds = conversions.map((c) => c.lead.id);
  const people = leadIds.length
    ? await rowsOf<LeadPerson>(
        tx,
        sql`select id, salutation, first_name, last_name, title, email, phone, mobile, lead_source, street, city, state, postal_code, country from crm_lead where id in ${leadIds}`,
      )
    : [];
  const personOf = new Map(people.map((p) => [Number(p.id), p]));
  const rows: Array<Record<string, unknown>> = [];
  const accountOfRow: DemoAccount[] = [];
  const seniorRow = new Map<number, number>();

  for (const c of conversions) {
    const p = personOf.get(c.lead.id)!;
    accountOfRow.push(c.account);
    rows.push({
      record_type_id: ctx.typeId('contact', 'business'), salutation: p.salutation, first_name: p.first_name, last_name: p.last_name, title: p.title,
      account_id: c.account.id, email: p.email, phone: p.phone, mobile: p.mobile, lead_source: p.lead_source,
      mailing_street: p.street, mailing_city: p.city, mailing_state: p.state, mailing_postal_code: p.postal_code, mailing_country: p.country,
      source_lead_id: c.lead.id, ...ctx.owner(c.lead.owner), create_time: c.at,
    });
  }

  const converted = new Map<number, number>();
  for (const c of conversions) converted.set(c.account.id, (converted.get(c.account.id) ?? 0) + 1);
  for (const account of accounts) {
    const wanted = Math.max(0, rand.int(2, 5) - (converted.get(account.id) ?? 0));
    const domain = account.chinese ? `company${account.id}.cn` : `${slug(account.name) || 'example'}.com`;
    for (let i = 0; i < wanted; i++) {
      const senior = i === 0;
      const [first, last, email] = account.chinese
        ? ((k) => [rand.pick(ZH_FIRST), ZH_LAST[k]!, `${ZH_LAST_PINYIN[k]}${rand.int(1, 99)}@${domain}`])(rand.int(0, ZH_LAST.length - 1))
        : ((f, l) => [f, l, `${f}.${l}@${domain}`.toLowerCase()])(rand.pick(EN_FIRST), rand.pick(EN_LAST));
      if (senior) seniorRow.set(account.id, rows.length);
      accountOfRow.push(account);
      rows.push({
        record_type_id: ctx.typeId('contact', 'business'),
        salutation: account.chinese ? null : rand.pick(['mr', 'ms', 'dr', null]),
        first_name: first, last_name: last,
        title: rand.pick(account.chinese ? (senior ? ZH_SENIOR : ZH_STAFF) : senior ? EN_SENIOR : EN_STAFF),
        department: rand.pick(account.chinese ? DEPARTMENTS.zh : DEPARTMENTS.en),
        account_id: account.id, email,
        phone: account.chinese ? `+86 21 ${rand.int(5000, 8999)} ${rand.int(1000, 9999)}` : `+1 (555) ${rand.int(100, 999)}-${rand.int(1000, 9999)}`,
        mobile: rand.next() < 0.6 ? (account.chinese ? `+86 13${rand.int(0, 9)} ${rand.int(1000, 9999)} ${rand.int(1000, 9999)}` : `+1 (555) ${rand.int(100, 999)}-${rand.int(1000, 9999)}`) : null,
        lead_source: rand.pick(SOURCES),
        birthday: rand.next() < 0.4 ? `${rand.int(1965, 1995)}-${String(rand.int(1, 12)).padStart(2, '0')}-${String(rand.int(1, 28)).padStart(2, '0')}` : null,
        ...ctx.owner(account.owner),
        create_time: ctx.between(account.createTime, ctx.daysAgo(1)),
      });
    }
  }

  const ids = await bulkInsert(tx, 'crm_contact', rows);
  // About half of each account's other people report to its senior contact: an org chart within one company.
  const reports: Array<[number, number]> = [];
  for (const [index, id] of ids.entries()) {
    const senior = seniorRow.get(accountOfRow[index]!.id);
    if (senior !== undefined && senior !== index && rand.next() < 0.5) reports.push([id, ids[senior]!]);
  }
  if (reports.length) {
    const values = reports.map(([id, manager]) => sql`(${id}::bigint, ${manager}::bigint)`);
    await tx.execute(sql`update crm_contact c set reports_to_id = v.manager from (values ${sql.join(values, sql`, `)}) as v(id, manager) where c.id = v.id`);
  }
  if (conversions.length) {
    const values = conversions.map((c, i) => sql`(${c.lead.id}::bigint, ${ids[i]!}::bigint)`);
    await tx.execute(sql`update crm_lead l set converted_contact_id = v.contact from (values ${sql.join(values, sql`, `)}) as v(id, contact) where l.id = v.id`);
  }
  return ids.map((id, i) => createdRow(ctx, 'contact', id, Number(rows[i]!.owner_id), rows[i]!.create_time as Date));
}
