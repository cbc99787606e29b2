import { securedDef } from '../fieldSecurity/fieldAccess';
import { sql } from 'drizzle-orm';
import { globalSearchQuery, globalSearchResultsQuery, lookupQuery, type GlobalSearchHit, type GlobalSearchResults } from '@orbit/shared/contract/crm';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { containsPattern } from '../../../lib/listQuery';
import { forbidden } from '../../../lib/errors';
import { okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { hasPermission } from '../../auth/currentUser';
import { useFreshMetadata } from './metadata/freshMetadata';
import { metadataOf } from './metadata/metadataStore';
import { byRelevance, rankedPage, rankedRows, withDetails, type RankedRow } from './query/globalSearch';
import { rowsOf } from './query/sql';

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
    const { q, limit } = request.query;
    const listable = CRM_MODULES.filter((m) => hasPermission(user, PERMISSIONS[m].list)).map((m) => securedDef(meta.module(m), user));
    // Each module's `limit` best candidates, ranked in SQL (the modules read side by side); merged below.
    const perModule = await Promise.all(listable.map(async (def) => ({ def, rows: await rankedRows(app.db, def, user, q, limit) })));
    const ranked = perModule.flatMap(({ def, rows }) => rows.map((row) => ({ def, row })));
    ranked.sort((a, b) => byRelevance(a.row, b.row));
    const named = await Promise.all(
      perModule.filter((m) => m.rows.length).map((m) => withDetails(app.db, meta, user, m.def, m.rows, request.lang, request.t('record.restricted'))),
    );
    const at = new Map(ranked.map((r, i) => [`${r.def.module}:${r.row.record.id}`, i]));
    const hits: GlobalSearchHit[] = named.flat().sort((a, b) => at.get(`${a.module}:${a.id}`)! - at.get(`${b.module}:${b.id}`)!);
    return okData(request, hits);
  });

  app.get('/crm/search/results', { config: { access: 'authenticated' }, schema: { querystring: globalSearchResultsQuery } }, async (request) => {
    const user = requireUser(request);
    const { q, module, pageNum, pageSize } = request.query;
    const listable = CRM_MODULES.filter((m) => hasPermission(user, PERMISSIONS[m].list));
    if (module && !listable.includes(module)) throw forbidden();
    const offset = (pageNum - 1) * pageSize;
    // One ranked read per module, side by side: its total (counted in the same pass, capped) and its best
    // hits — the page itself for the module asked for, or for every module on a first page without one.
    const reads = await Promise.all(
      listable.map(async (m) => {
        const own = m === module;
        const size = own || (!module && pageNum === 1) ? pageSize : 1;
        return { module: m, ...(await rankedPage(app.db, securedDef(meta.module(m), user), user, q, size, own ? offset : 0, true)) };
      }),
    );
    // Without a module: the one holding the best hit (the tab the page opens on).
    let shown = module ?? listable[0] ?? null;
    if (!module) {
      let best: RankedRow | undefined;
      for (const r of reads) {
        const top = r.rows[0];
        if (top && (!best || byRelevance(top, best) < 0)) [best, shown] = [top, r.module];
      }
    }
    let rows: GlobalSearchHit[] = [];
    const read = reads.find((r) => r.module === shown);
    if (shown && read) {
      const def = securedDef(meta.module(shown), user);
      const page = module || pageNum === 1 ? read.rows : (await rankedPage(app.db, def, user, q, pageSize, offset)).rows;
      rows = await withDetails(app.db, meta, user, def, page, request.lang, request.t('record.restricted'));
    }
    const counts = reads.map((r) => ({ module: r.module, total: r.total, capped: r.capped }));
    const result: GlobalSearchResults = { counts, module: shown, total: read?.total ?? 0, capped: read?.capped ?? false, rows };
    return okData(request, result);
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
