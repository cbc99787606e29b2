import { z } from 'zod';
import { id } from '@orbit/shared/contract/common';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { moduleSharingBody, recordShareBody, sharingRuleBody, teamMemberBody, TEAM_MODULES } from '@orbit/shared/contract/sharing';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../../lib/errors';
import { ok, okData } from '../../../lib/reply';
import { hasPermission } from '../../auth/currentUser';
import { requireUser } from '../../../plugins/auth';
import { NO_FILE } from '../../jobs/jobQueue';
import { useFreshMetadata } from '../engine/metadata/freshMetadata';
import { metadataOf } from '../engine/metadata/metadataStore';
import { moduleRecordsOf } from '../engine/records/moduleRecords';
import { moduleSharingRows, setModuleSharing } from './moduleSharing';
import { addShare, recordSharing, removeShare, shareRecipients } from './recordShares';
import { addTeamMember, recordTeam, removeTeamMember } from './recordTeams';
import { deleteRule, ruleById, saveRule, sharingRules } from './sharingRules';

/** Sharing needs the share permission as well as the module's edit (a route checks one string). */
const mayShare = (request: FastifyRequest) => {
  if (!hasPermission(requireUser(request), PERMISSIONS.sharing.share)) throw forbidden();
};
const recordParam = z.object({ id });
const shareParam = z.object({ id, shareId: id });
const memberParam = z.object({ id, memberId: id });

/**
 * Sharing beyond the role's data scope (docs/architecture.md, "Sharing"): the modules' defaults in
 * Set-up (read with `setup:fields:list`, changed with `setup:fields:edit`, like the rest of
 * Set-up), and each record's manual shares — listed by whoever may open the record, added and
 * revoked with the module's edit permission, the share permission and write access to the record.
 */
const sharingRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  useFreshMetadata(app);

  app.get('/setup/sharing', { config: { access: { permission: PERMISSIONS.setupFields.list } } }, async (request) => okData(request, await moduleSharingRows(app.db)));

  app.put(
    '/setup/sharing',
    { config: { access: { permission: PERMISSIONS.setupFields.edit }, log: { title: 'Setup Sharing', businessType: BUSINESS_TYPE.update } }, schema: { body: moduleSharingBody } },
    async (request) => {
      await setModuleSharing(app.db, request.body.module, request.body.access, requireUser(request).userName);
      return ok(request);
    },
  );

  // The roles and departments a record can be shared with, for the Sharing panel's picker (users
  // come from the user lookup). Names only, as the organisation chart shows them to everyone.
  app.get('/crm/sharing/recipients', { config: { access: 'authenticated' }, schema: { querystring: z.object({ kind: z.enum(['role', 'dept']) }) } }, async (request) =>
    okData(request, await shareRecipients(app.db, request.query.kind)),
  );

  // Sharing rules (Set-up › Sharing): saved in a transaction with their recalculation job, which
  // materialises the matches as share rows tagged with the rule; the page polls the progress.
  const ruleLog = { title: 'Sharing Rule', businessType: BUSINESS_TYPE.update };
  const recalculate = async (request: FastifyRequest, ruleId?: number) => {
    const user = requireUser(request);
    const body = sharingRuleBody.parse(request.body);
    const id = await app.db.transaction(async (tx) => {
      const saved = await saveRule(tx, metadataOf(app.db), body, request.lang, user.userId, ruleId);
      const { updateTime } = await ruleById(tx, saved);
      await app.jobQueue.enqueue(tx, { kind: 'sharingRule', userId: user.userId, fileId: NO_FILE, payload: { lang: request.lang, ruleId: saved, version: updateTime } });
      return saved;
    });
    app.jobs.wake();
    return id;
  };
  app.get('/setup/sharing/rules', { config: { access: { permission: PERMISSIONS.setupFields.list } } }, async (request) => okData(request, await sharingRules(app.db)));
  app.post('/setup/sharing/rules', { config: { access: { permission: PERMISSIONS.setupFields.edit }, log: { ...ruleLog, businessType: BUSINESS_TYPE.insert } }, schema: { body: sharingRuleBody } }, async (request) =>
    okData(request, await recalculate(request)),
  );
  app.put('/setup/sharing/rules/:id', { config: { access: { permission: PERMISSIONS.setupFields.edit }, log: ruleLog }, schema: { params: recordParam, body: sharingRuleBody } }, async (request) =>
    okData(request, await recalculate(request, request.params.id)),
  );
  app.delete('/setup/sharing/rules/:id', { config: { access: { permission: PERMISSIONS.setupFields.edit }, log: { ...ruleLog, businessType: BUSINESS_TYPE.delete } }, schema: { params: recordParam } }, async (request) => {
    await app.db.transaction((tx) => deleteRule(tx, request.params.id));
    return ok(request);
  });

  // Account and opportunity teams: listed with the record, changed as its manual shares are.
  for (const module of TEAM_MODULES) {
    const P = PERMISSIONS[module];
    const m = moduleRecordsOf(app.db, module);
    const base = `/crm/${module}/:id/team`;
    const log = { title: 'Record Team', businessType: BUSINESS_TYPE.update };
    app.get(base, { config: { access: { permission: P.query } }, schema: { params: recordParam } }, async (request) => okData(request, await recordTeam(m, requireUser(request), request.params.id)));
    app.post(base, { config: { access: { permission: P.edit }, log }, schema: { params: recordParam, body: teamMemberBody } }, async (request) => {
      mayShare(request);
      await addTeamMember(m, requireUser(request), request.params.id, request.body);
      return ok(request);
    });
    app.delete(`${base}/:memberId`, { config: { access: { permission: P.edit }, log }, schema: { params: memberParam } }, async (request) => {
      mayShare(request);
      await removeTeamMember(m, requireUser(request), request.params.id, request.params.memberId);
      return ok(request);
    });
  }

  for (const module of CRM_MODULES) {
    const P = PERMISSIONS[module];
    const m = moduleRecordsOf(app.db, module);
    const base = `/crm/${module}/:id/sharing`;
    const log = { title: 'Record Sharing', businessType: BUSINESS_TYPE.update };

    app.get(base, { config: { access: { permission: P.query } }, schema: { params: recordParam } }, async (request) =>
      okData(request, await recordSharing(m, requireUser(request), request.params.id)),
    );

    app.post(
      base,
      { config: { access: { permission: P.edit }, log }, schema: { params: recordParam, body: recordShareBody } },
      async (request) => {
        mayShare(request);
        await addShare(m, requireUser(request), request.params.id, request.body);
        return ok(request);
      },
    );

    app.delete(
      `${base}/:shareId`,
      { config: { access: { permission: P.edit }, log }, schema: { params: shareParam } },
      async (request) => {
        mayShare(request);
        await removeShare(m, requireUser(request), request.params.id, request.params.shareId);
        return ok(request);
      },
    );
  }
};

export default sharingRoutes;
