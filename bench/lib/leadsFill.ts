/**
 * A million believable leads, written by PostgreSQL itself (`insert … select … from
 * generate_series`, in batches) into a database with the demo organisation:
 *
 * - owners: the demo's sales people and marketers by weight, each lead in its owner's department
 *   (so a sales manager's scope, Sales East and below, holds about 45 % of them);
 * - status, source, industry, rating, revenue, size by weight, as a CRM's leads spread;
 * - created over the last two years, ids rising with time as on a live system;
 * - names, companies (about 11,000 distinct ones), e-mails and phones from pools, so that quick
 *   search for a surname or a company finds a realistic few thousand rows, not a third of them.
 *
 * Random choices are hashes of the row number (hashint8extended), so every fill is the same.
 * The table's indexes are dropped for the load and built again after (much faster than keeping
 * them up to date row by row), then the table is vacuumed and analysed.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/modules/crm/engine/query/sql';
import { BENCH_ROWS, demoUsers, holdsBenchRows, vacuumAnalyze } from './benchDatabase';

const BATCH = 100_000;
const DAYS = 730;

/** Owners and their share of the leads. */
export const OWNERS: Array<[string, number]> = [
  ['olivia.park', 20], ['grace.hall', 15], ['emma.stone', 10], // Sales East and below
  ['noah.king', 20], ['liam.brooks', 10], // Sales West
  ['mia.chen', 12], ['lucas.wang', 13], // Marketing
];
const STATUSES: Array<[string, number]> = [['new', 30], ['contacted', 25], ['qualified', 15], ['unqualified', 15], ['converted', 15]];
export const SOURCES: Array<[string, number]> = [['web', 30], ['phone', 12], ['referral', 12], ['trade_show', 12], ['campaign', 24], ['other', 10]];
const INDUSTRIES: Array<[string, number]> = [['technology', 25], ['finance', 15], ['healthcare', 12], ['manufacturing', 15], ['retail', 13], ['education', 8], ['other', 12]];
const RATINGS: Array<[string | null, number]> = [['hot', 20], ['warm', 30], ['cold', 25], [null, 25]];
export const SALUTATIONS: Array<[string | null, number]> = [['mr', 35], ['ms', 30], ['mrs', 10], ['dr', 5], [null, 20]];

export const EN_FIRST = 'James Mary Robert Patricia Michael Jennifer David Linda William Elizabeth Daniel Sarah Thomas Karen Matthew Nancy Anthony Lisa Mark Emily Steven Laura Paul Rachel Kevin Amy Brian Hannah George Chloe Edward Olivia Ryan Sophia Jacob Grace Gary Ruby Eric Megan Jonathan Julia Stephen Anna Larry Alice Justin Ella Scott Lucy Brandon Zoe Frank Holly Samuel Claire Gregory Naomi Raymond Isla';
export const EN_LAST =
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez Mcdonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon';
export const ZH_LAST = '王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 林 罗 高 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 彭 曾 肖 田 董 袁 潘 于 蒋 蔡 余 杜 叶 程 苏 魏 吕 丁 任 沈 姚 卢 姜 崔 钟 谭 陆 汪 范 金';
export const ZH_FIRST = '伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀英 志强 海燕 建华 晓东 雪梅 国庆 俊杰 欣怡 子涵 浩然 梓萱 宇轩 思远 嘉怡 文博 雨桐 志明 晓燕 红霞 建国 丽华 建军 桂英 玉兰 春梅 金凤 德华 永刚 慧敏 晓峰 佳琪 一鸣 梦瑶 家豪 诗涵 天佑 若曦 晨曦 子墨 可馨 昊天 静怡';
export const EN_STEMS =
  'Northwind Contoso Fabrikam Tailspin Litware Proseware Woodgrove Alpine Trey Humongous Wingtip Relecloud Coho Lucerne Margie Southridge Adatum Acme Apex Aurora Beacon Birchwood Bluewave Brightline Cascade Cedar Cobalt Copperleaf Crescent Crestview Eagle Ember Evergreen Falcon Fairway Firefly Frontier Galaxy Granite Harbor Highland Horizon Ironwood Jade Juniper Keystone Lakeside Liberty Lighthouse Maple Meridian Monarch Nimbus Northstar Oakridge Orchid Pacific Paragon Pinnacle Pioneer Quantum Redwood Ridgeline Riverbend Sapphire Sequoia';
export const EN_SECTORS = 'Traders Systems Logistics Health Foods Labs Capital Energy Software Media Manufacturing Retail Consulting Networks Analytics Robotics Pharma Motors Textiles Studios Realty Insurance Airlines Electronics';
export const EN_SUFFIXES = 'Inc Ltd LLC Corp GmbH Group PLC';
export const ZH_PREFIXES = '华信 东方 长城 蓝海 锦程 星辰 金桥 嘉禾 天和 远航 宏达 瑞通 新纪元 恒泰 中联 海川 同创 博远 鼎盛 泰和 华润达 万象 盛世 启明 凯旋 永安 国信 天成 九州 百川';
export const ZH_SECTORS = '科技 贸易 智能制造 医疗器械 物流 软件 金融服务 教育科技 零售 新能源 网络 生物 电子 建设 传媒';
export const ZH_SUFFIXES = '有限公司 股份有限公司 集团';
export const EN_TITLES = 'CEO|CTO|CFO|VP Sales|Head of Procurement|IT Director|Operations Manager|Marketing Director|Purchasing Manager|Product Manager|Office Manager|Engineer';
export const ZH_TITLES = '总经理|技术总监|销售副总裁|采购经理|信息部主任|运营经理|市场总监|财务总监|产品经理|工程师';
export const EN_CITIES = 'Seattle,WA,USA|Boston,MA,USA|Austin,TX,USA|Chicago,IL,USA|Denver,CO,USA|Atlanta,GA,USA|New York,NY,USA|San Diego,CA,USA|London,,United Kingdom|Manchester,,United Kingdom|Toronto,ON,Canada|Vancouver,BC,Canada|Sydney,NSW,Australia|Melbourne,VIC,Australia|Berlin,,Germany|Munich,,Germany|Paris,,France|Amsterdam,,Netherlands|Dublin,,Ireland|Singapore,,Singapore';
export const ZH_CITIES = '上海,上海,中国|北京,北京,中国|深圳,广东,中国|广州,广东,中国|杭州,浙江,中国|成都,四川,中国|南京,江苏,中国|武汉,湖北,中国';

/** Row g's k-th random number in [0, 1). */
export const r = (k: number) => sql.raw(`((hashint8extended(g, ${k}) & 1073741823)::float8 / 1073741824)`);

/** A value by weight from random number `x`: `case when x < c1 then v1 … else vn end`, values bound. */
export function weighted<T>(x: SQL, items: Array<[T, number]>, cast = sql``): SQL {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let cumulative = 0;
  const branches = items.slice(0, -1).map(([value, weight]) => {
    cumulative += weight;
    return sql`when ${x} < ${cumulative / total} then ${value}${cast}`;
  });
  return sql`case ${sql.join(branches, sql` `)} else ${items[items.length - 1]![0]}${cast} end`;
}

/** A uniform pick from a pool (bound as one text, split in SQL). */
export const pick = (x: SQL, pool: string, separator = ' ') => sql`(string_to_array(${pool}, ${separator}))[1 + floor(${x} * array_length(string_to_array(${pool}, ${separator}), 1))::int]`;

async function insertBatch(db: Db, from: number, to: number, owners: Map<string, { id: number; dept: number }>, campaigns: number[], recordTypes: { standard: number; partner: number }) {
  const owner = weighted(
    sql`r2`,
    OWNERS.map(([name, w]) => [owners.get(name)!.id, w]),
    sql`::bigint`,
  );
  const deptOf = sql`case owner_id ${sql.join(
    [...owners.values()].map((o) => sql`when ${o.id}::bigint then ${o.dept}::bigint`),
    sql` `,
  )} end`;
  await db.execute(sql`
    insert into crm_lead (record_type_id, owner_id, dept_id, create_by, create_time, update_by, update_time, salutation, first_name, last_name,
      title, company, email, phone, mobile, website, lead_source, status, industry, rating, annual_revenue, employees, street, city, state,
      postal_code, country, description, campaign_id, converted_at)
    select case when lead_source = 'referral' then ${recordTypes.partner}::bigint else ${recordTypes.standard}::bigint end, owner_id, ${deptOf}, owner_id,
      create_time, case when r9 < 0.5 then owner_id end, case when r9 < 0.5 then create_time + make_interval(mins => (r9 * 80000)::int) end,
      case when zh then null else salutation end, first_name, last_name, title, company,
      case when zh then 'contact' || g || '@' || slug || '.cn' else lower(first_name) || '.' || lower(last_name) || '@' || slug || '.com' end,
      phone, case when r10 < 0.5 then mobile end, case when r11 < 0.6 then 'https://www.' || slug || case when zh then '.cn' else '.com' end end,
      lead_source, status, industry, rating,
      case when r12 < 0.6 then (1 + floor(r12 * 333))::int * 50000 end, case when r13 < 0.6 then 5 + floor(r13 * 3300)::int end,
      (10 + floor(r14 * 980))::int || case when zh then '号' else ' Main Street' end, city_parts[1], nullif(city_parts[2], ''),
      lpad((floor(r15 * 99999))::int::text, 5, '0'), city_parts[3],
      case when r16 < 0.15 then 'Asked for a demo and pricing for their team.' end,
      case when lead_source = 'campaign' then (string_to_array(${campaigns.join(',')}, ',')::bigint[])[1 + floor(r17 * ${campaigns.length})::int] end,
      case when status = 'converted' then least(now(), create_time + make_interval(days => 1 + (r17 * 60)::int)) end
    from (
      select g, zh, r9, r10, r11, r12, r13, r14, r15, r16, r17,
        ${owner} as owner_id,
        -- ids rise with time: row g of n was created at g/n of the two years, give or take a few hours
        now() - make_interval(days => ${DAYS}) + make_interval(secs => (g::float8 / ${BENCH_ROWS} * ${DAYS * 86400}) - r3 * 20000) as create_time,
        ${weighted(r(4), SALUTATIONS)} as salutation,
        case when zh then ${pick(r(5), ZH_FIRST)} else ${pick(r(5), EN_FIRST)} end as first_name,
        case when zh then ${pick(r(6), ZH_LAST)} else ${pick(r(6), EN_LAST)} end as last_name,
        case when zh then ${pick(r(7), ZH_TITLES, '|')} else ${pick(r(7), EN_TITLES, '|')} end as title,
        case when zh then ${pick(r(18), ZH_PREFIXES)} || ${pick(r(19), ZH_SECTORS)} || ${pick(r(20), ZH_SUFFIXES)}
             when r21 < 0.1 then ${pick(r(22), EN_LAST)} || ' & Co'
             else ${pick(r(18), EN_STEMS)} || ' ' || ${pick(r(19), EN_SECTORS)} || ' ' || ${pick(r(20), EN_SUFFIXES)} end as company,
        case when zh then 'company' || floor(r18 * 5000)::int
             else lower(${pick(r(18), EN_STEMS)} || ${pick(r(19), EN_SECTORS)}) end as slug,
        case when zh then '+86 10 ' || (6000 + floor(r8 * 2999))::int || ' ' || (1000 + floor(r10 * 8999))::int
             else '+1 (555) ' || (100 + floor(r8 * 899))::int || '-' || (1000 + floor(r10 * 8999))::int end as phone,
        case when zh then '13' || (100000000 + floor(r11 * 899999999))::bigint else '+1 555 ' || (1000000 + floor(r11 * 8999999))::int end as mobile,
        ${weighted(r(23), SOURCES)} as lead_source,
        ${weighted(r(24), STATUSES)} as status,
        ${weighted(r(25), INDUSTRIES)} as industry,
        ${weighted(r(26), RATINGS)} as rating,
        string_to_array(case when zh then ${pick(r(27), ZH_CITIES, '|')} else ${pick(r(27), EN_CITIES, '|')} end, ',') as city_parts
      from (
        select g, ${r(1)} < 0.3 as zh, ${r(2)} as r2, ${r(3)} as r3, ${r(8)} as r8, ${r(9)} as r9, ${r(10)} as r10, ${r(11)} as r11,
          ${r(12)} as r12, ${r(13)} as r13, ${r(14)} as r14, ${r(15)} as r15, ${r(16)} as r16, ${r(17)} as r17, ${r(18)} as r18, ${r(21)} as r21
        from generate_series(${from}::bigint, ${to}::bigint) g
      ) random
    ) lead`);
}

export const leadsFilled = (db: Db) => holdsBenchRows(db, 'crm_lead');

export async function fillLeads(db: Db): Promise<void> {
  const owners = await demoUsers(db);
  const campaigns = (await rowsOf<{ id: unknown }>(db, sql`select id from crm_campaign order by id`)).map((c) => Number(c.id));
  const types = await rowsOf<{ id: unknown; name: string }>(db, sql`select id, name from crm_record_type where module = 'leads'`);
  const typeId = (name: string) => Number(types.find((t) => t.name === name)!.id);

  await withIndexesRebuilt(db, 'crm_lead', async () => {
    for (let from = 1; from <= BENCH_ROWS; from += BATCH) {
      await insertBatch(db, from, Math.min(from + BATCH - 1, BENCH_ROWS), owners, campaigns, { standard: typeId('standard'), partner: typeId('partner') });
    }
    console.log(`inserted ${BENCH_ROWS.toLocaleString('en')} leads; building the indexes again`);
  });
  await vacuumAnalyze(db, 'crm_lead');
}

/**
 * Runs a bulk write on `table` without its indexes (the primary key stays), then builds them again
 * from their own definitions: far faster than keeping a few dozen indexes up to date row by row.
 */
export async function withIndexesRebuilt(db: Db, table: string, work: () => Promise<void>): Promise<void> {
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes where tablename = ${table} and indexname <> ${`${table}_pkey`}`,
  );
  for (const { name } of indexes) await db.execute(sql`drop index ${sql.identifier(name)}`);
  await work();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
    for (const { definition } of indexes) await tx.execute(sql.raw(definition));
  });
}
