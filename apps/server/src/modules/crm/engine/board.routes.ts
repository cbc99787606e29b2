import { boardCardsQuery, boardQuery } from '@orbit/shared/contract/board';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okData } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { createRecordBoard } from './board/recordBoard';
import { useFreshMetadata } from './metadata/freshMetadata';

/**
 * Every module's board (docs/records-engine.md, "Boards"): the list's records in columns by a
 * picklist. It shows what the list shows, so the list's permission opens it.
 */
const boardRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);

  for (const module of CRM_MODULES) {
    const access = { permission: PERMISSIONS[module].list };
    const board = createRecordBoard(app.db, module);

    app.get(`/crm/${module}/board`, { config: { access }, schema: { querystring: boardQuery } }, async (request) => {
      const { data, lookups, readOnly } = await board.board({ user: requireUser(request), lang: request.lang }, request.query);
      return { ...okData(request, data), lookups, ...(readOnly.length ? { readOnly } : {}) };
    });

    app.get(`/crm/${module}/board/cards`, { config: { access }, schema: { querystring: boardCardsQuery } }, async (request) => {
      const { data, lookups, readOnly } = await board.cards({ user: requireUser(request), lang: request.lang }, request.query);
      return { ...okData(request, data), lookups, ...(readOnly.length ? { readOnly } : {}) };
    });
  }
};

export default boardRoutes;
