import { z } from 'zod';
import { id, idList, pageQuery } from '@orbit/shared/contract/common';
import {
  createListViewBody,
  historyQuery,
  lookupQuery,
  massTransferBody,
  massUndoBody,
  massUpdateBody,
  recordBody,
  recordListQuery,
  recordUpdateBody,
  restoreBody,
  updateListViewBody,
} from '@orbit/shared/contract/crm';
import { USE_ASSIGNMENT_RULES_KEY } from '@orbit/shared/contract/automation';
import { DUPLICATE_OVERRIDE_KEY, DUPLICATE_REASON_MAX, duplicateOverride, mergeBody } from '@orbit/shared/contract/duplicates';
import { BUSINESS_TYPE, type BusinessType } from '@orbit/shared/contract/monitor';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasPermission } from '../../auth/currentUser';
import { fieldError, forbidden } from '../../../lib/errors';
import { ok, okData, okPage } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import type { DuplicateCheck } from './duplicates/duplicateGuard';
import { useFreshMetadata } from './metadata/freshMetadata';
import { metadataOf } from './metadata/metadataStore';
import { moduleMeta } from './metadata/moduleMeta';
import { createRecordsService } from './records/recordsService';
import type { Caller } from './records/moduleRecords';
import { createListViews, toListViewMeta } from './views/listViews';

/** Log titles of the modules' writes (operation log). */
export const MODULE_TITLES: Record<CrmModule, string> = { leads: 'Leads', opportunity: 'Opportunity', account: 'Account', task: 'Task', campaign: 'Campaign', contact: 'Contact', activity: 'Activity' };

/** What any lookup picker of any form may ask for: a module's records by name. */
const EDITORS = CRM_MODULES.flatMap((m) => [PERMISSIONS[m].add, PERMISSIONS[m].edit]);

const caller = (request: FastifyRequest): Caller => ({ user: requireUser(request), lang: request.lang });
const recordId = z.object({ id });
const recordIds = z.object({ ids: idList });
/** `dependents=delete`: delete what depends on the records too (an account's opportunities) instead of refusing. */
const removeQuery = z.object({ dependents: z.enum(['delete']).optional() });

/**
 * Whether a create's assignment rules decide its owner (docs/decisions.md, "Lead assignment rules"):
 * as the body's `useAssignmentRules` says (the form's checkbox), else when it names no owner — an
 * owner an API client gives explicitly is kept.
 */
function withoutAssignFlag<T extends Record<string, unknown>>(sent: T): [T, boolean] {
  if (!Object.hasOwn(sent, USE_ASSIGNMENT_RULES_KEY)) return [sent, !Object.hasOwn(sent, 'ownerId') || sent.ownerId === null];
  const { [USE_ASSIGNMENT_RULES_KEY]: flag, ...body } = sent;
  if (typeof flag !== 'boolean') throw fieldError(USE_ASSIGNMENT_RULES_KEY, 'assignment.badFlag');
  return [body as T, flag];
}

/**
 * A write's body without its `duplicateOverride` (saving despite a duplicate warning, with the
 * reason), and that override checked: a body key, never a field.
 */
function withoutOverride<T extends Record<string, unknown>>(sent: T): [T, DuplicateCheck] {
  if (!Object.hasOwn(sent, DUPLICATE_OVERRIDE_KEY)) return [sent, {}];
  const { [DUPLICATE_OVERRIDE_KEY]: override, ...body } = sent;
  const parsed = duplicateOverride.safeParse(override);
  // A reason too long is said so; anything else (none, empty, not an object) asks for one.
  if (!parsed.success && parsed.error.issues.some((issue) => issue.code === 'too_big')) {
    throw fieldError('duplicateReason', 'validation.tooLong', { max: DUPLICATE_REASON_MAX });
  }
  if (!parsed.success) throw fieldError('duplicateReason', 'duplicate.reasonRequired');
  return [body as T, { override: parsed.data }];
}

/**
 * The records API of every business module, registered once per module from one definition so
 * that each route carries its own module's permission (docs/records-engine.md, "API").
 */
const recordsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);
  const meta = metadataOf(app.db);

  for (const module of CRM_MODULES) {
    const P = PERMISSIONS[module];
    const base = `/crm/${module}`;
    const records = createRecordsService(app.db, module);
    const views = createListViews(app.db, module);
    const log = (businessType: BusinessType) => ({ title: MODULE_TITLES[module], businessType });

    app.get(`/crm/meta/${module}`, { config: { access: { permission: [P.list, P.query, P.add, P.edit] } } }, async (request) =>
      okData(request, await moduleMeta(app.db, meta, module, requireUser(request), request.lang)),
    );

    app.get(`${base}/list`, { config: { access: { permission: P.list } }, schema: { querystring: recordListQuery } }, async (request) => {
      const countThreshold = await app.settings.get('listCountThreshold');
      const { total, rows, ...more } = await records.list(caller(request), request.query, { countThreshold });
      return { ...okPage(request, { total, rows }), ...more };
    });

    app.get(`${base}/lookup`, { config: { access: { permission: [P.list, P.query, ...EDITORS] } }, schema: { querystring: lookupQuery } }, async (request) =>
      okPage(request, await records.lookup(caller(request), request.query.q, request.query)),
    );

    app.get(`${base}/recycleBin`, { config: { access: { permission: [P.remove, P.edit] } }, schema: { querystring: z.object(pageQuery) } }, async (request) => {
      const { total, rows, lookups } = await records.recycleBin(caller(request), request.query);
      return { ...okPage(request, { total, rows }), lookups };
    });

    app.put(
      `${base}/restore`,
      { config: { access: { permission: [P.remove, P.edit] }, log: log(BUSINESS_TYPE.update) }, schema: { body: restoreBody } },
      async (request) => {
        await records.restore(caller(request), request.body.ids);
        return { ...ok(request), msg: request.t('record.restored', { count: request.body.ids.length }) };
      },
    );

    // Merged records go to the recycle bin: a merge needs remove as well as edit (docs/decisions.md).
    app.post(`${base}/merge`, { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { body: mergeBody } }, async (request) => {
      if (!hasPermission(requireUser(request), P.remove)) throw forbidden();
      await records.merge(caller(request), request.body);
      return { ...ok(request), msg: request.t('merge.done', { count: String(request.body.mergedIds.length) }) };
    });

    app.get(`${base}/views`, { config: { access: { permission: P.list } } }, async (request) => {
      const { user, lang } = caller(request);
      return okData(request, (await views.list(user)).map((v) => toListViewMeta(v, user, lang)));
    });

    app.post(`${base}/views`, { config: { access: { permission: P.list } }, schema: { body: createListViewBody } }, async (request) =>
      okData(request, await views.create(requireUser(request), meta.module(module), request.body, request.lang)),
    );

    app.put(`${base}/views`, { config: { access: { permission: P.list } }, schema: { body: updateListViewBody } }, async (request) => {
      await views.update(requireUser(request), meta.module(module), request.body, request.lang);
      return ok(request);
    });

    app.delete(`${base}/views/:id`, { config: { access: { permission: P.list } }, schema: { params: recordId } }, async (request) => {
      await views.remove(requireUser(request), request.params.id);
      return ok(request);
    });

    app.post(
      `${base}/mass/transfer`,
      { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { body: massTransferBody } },
      async (request) => {
        await records.massTransfer(caller(request), request.body.ids, request.body.ownerId);
        return ok(request);
      },
    );

    app.post(
      `${base}/mass/update`,
      { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { body: massUpdateBody } },
      async (request) => {
        const { changed, undo } = await records.massUpdate(caller(request), request.body.ids, request.body.field, request.body.value, request.body.also);
        return { ...okData(request, changed), undo };
      },
    );

    app.post(
      `${base}/mass/undo`,
      { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { body: massUndoBody } },
      async (request) => okData(request, await records.massUndo(caller(request), request.body.records)),
    );

    app.get(`${base}/:id`, { config: { access: { permission: P.query } }, schema: { params: recordId } }, async (request) => {
      const { data, lookups, locked, canEdit } = await records.get(caller(request), request.params.id);
      return { ...okData(request, data), lookups, locked, canEdit };
    });

    app.get(`${base}/:id/hierarchy`, { config: { access: { permission: P.query } }, schema: { params: recordId } }, async (request) =>
      okData(request, await records.hierarchy(caller(request), request.params.id)),
    );

    app.get(`${base}/:id/history`, { config: { access: { permission: P.query } }, schema: { params: recordId, querystring: historyQuery } }, async (request) => {
      const { total, rows, lookups } = await records.history(caller(request), request.params.id, request.query);
      return { ...okPage(request, { total, rows }), lookups };
    });

    app.post(`${base}`, { config: { access: { permission: P.add }, log: log(BUSINESS_TYPE.insert) }, schema: { body: recordBody } }, async (request) => {
      const [sent, assign] = withoutAssignFlag(request.body);
      const [body, duplicates] = withoutOverride(sent);
      return okData(request, await records.create(caller(request), body, duplicates, assign));
    });

    app.put(`${base}`, { config: { access: { permission: P.edit }, log: log(BUSINESS_TYPE.update) }, schema: { body: recordUpdateBody } }, async (request) => {
      const [body, duplicates] = withoutOverride(request.body);
      const { data, lookups, locked, canEdit } = await records.update(caller(request), body as { id: number; version: number } & Record<string, unknown>, duplicates);
      return { ...okData(request, data), lookups, locked, canEdit };
    });

    app.delete(
      `${base}/:ids`,
      { config: { access: { permission: P.remove }, log: log(BUSINESS_TYPE.delete) }, schema: { params: recordIds, querystring: removeQuery } },
      async (request) => {
        await records.remove(caller(request), request.params.ids, request.query);
        return ok(request);
      },
    );
  }
};

export default recordsRoutes;
