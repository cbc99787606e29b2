import { sql } from 'drizzle-orm';
import { globalSearchQuery, lookupQuery, type GlobalSearchHit } from '@orbit/shared/contract/crm';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { containsPattern } from '../../../lib/listQuery';
import { okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { hasPermission } from '../../auth/currentUser';
import { useFreshMetadata } from './metadata/freshMetadata';
import { metadataOf } from './metadata/metadataStore';
import { recordScope } from './query/recordScope';
import { quickSearch } from './query/quickSearch';
import { nameExpression } from './query/recordName';
import { PRESENT, col, rowsOf, tableOf } from './query/sql';

/**
 * Searches across modules: the global search palette (records of every module the caller may
 * list, within data scope, through each table's trigram-indexed `search_text`) and the people a
 * record can be given to.
 */
const searchRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);

  app.get('/crm/search', { config: { access: 'authenticated' }, schema: { querystring: globalSearchQuery } }, async (request) => {
    const user = requireUser(request);
    const q = request.query.q;
    const ranked: Array<{ hit: GlobalSearchHit; tier: number; sim: number; at: number }> = [];
    for (const module of CRM_MODULES) {
      if (!hasPermission(user, PERMISSIONS[module].list)) continue;
      const def = meta.module(module);
      // What besides the name tells two records apart: the other searchable fields (company, e-mail…).
      const others = def.fields.filter((f) => f.searchable && !def.nameFields.includes(f.name)).map((f) => col(f.column));
      const detail = others.length ? sql`concat_ws(' · ', ${sql.join(others, sql`, `)})` : sql`''`;
      const scope = recordScope(user);
      const name = sql`lower(${nameExpression(def)})`;
      // Relevance: exact name, then name prefix, then trigram similarity of the name, then recent activity.
      const tier = sql`case when ${name} = lower(${q}) then 0 when left(${name}, length(${q})) = lower(${q}) then 1 else 2 end`;
      const rows = await rowsOf<{ id: unknown; label: unknown; detail: unknown; tier: unknown; sim: unknown; at: unknown }>(
        app.db,
        sql`select id, ${nameExpression(def)} as label, ${detail} as detail, ${tier} as tier,
                   similarity(${name}, lower(${q})) as sim, extract(epoch from coalesce(update_time, create_time)) as at
            from ${tableOf(def.table)}
            where ${PRESENT} and ${quickSearch(def, q)}${scope ? sql` and ${scope}` : sql``}
            order by tier, sim desc, coalesce(update_time, create_time) desc, id desc limit ${request.query.limit}`,
      );
      for (const r of rows) {
        const hit = { module, id: Number(r.id), label: String(r.label ?? ''), detail: String(r.detail ?? '') };
        ranked.push({ hit, tier: Number(r.tier), sim: Number(r.sim), at: Number(r.at) });
      }
    }
    ranked.sort((a, b) => a.tier - b.tier || b.sim - a.sim || b.at - a.at);
    // Every module keeps its own `limit` best hits (as before); the merged list is in relevance order.
    const hits = ranked.map((r) => r.hit);
    return okData(request, hits);
  });

  app.get('/crm/lookup/user', { config: { access: 'authenticated' }, schema: { querystring: lookupQuery } }, async (request) => {
    const { q, pageNum, pageSize } = request.query;
    const match = q ? sql` and (u.nick_name ilike ${containsPattern(q)} or u.user_name ilike ${containsPattern(q)})` : sql``;
    const where = sql`u.del_flag = '0' and u.status = '0'${match}`;
    const [count] = await rowsOf<{ count: unknown }>(app.db, sql`select count(*) as count from sys_user u where ${where}`);
    const rows = await rowsOf<{ id: unknown; label: unknown; extra: unknown }>(
      app.db,
      sql`select u.user_id as id, u.nick_name as label, coalesce(d.dept_name, '') as extra
          from sys_user u left join sys_dept d on d.dept_id = u.dept_id
          where ${where} order by u.nick_name, u.user_id limit ${pageSize} offset ${(pageNum - 1) * pageSize}`,
    );
    return okPage(request, { total: Number(count?.count ?? 0), rows: rows.map((r) => ({ id: Number(r.id), label: String(r.label), extra: String(r.extra) })) });
  });
};

export default searchRoutes;
