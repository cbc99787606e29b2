import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, CODE } from '@orbit/shared/constants';
import { updatePwdBody } from '@orbit/shared/contract/auth';
import { BUSINESS_TYPE } from '@orbit/shared/contract/monitor';
import { changeEmailBody, confirmEmailBody, updateProfileBody } from '@orbit/shared/contract/user';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sysUser } from '../../../db/schema/organisation';
import { clientInfo } from '../../../lib/clientInfo';
import { fieldError, notFound, unauthorized } from '../../../lib/errors';
import { ok } from '../../../lib/reply';
import { requireUser } from '../../../plugins/auth';
import { hashPassword } from '../../auth/password';
import { createPasswordGuard } from '../../auth/passwordGuard';
import { assertPasswordPolicy } from '../../auth/passwordPolicy';
import { createSessionRepository } from '../../auth/session.repository';
import { findUserById } from '../../auth/user.lookup';
import { AVATAR_NAME, AVATAR_URL_PREFIX, avatarDir, contentTypeOf, imageKindOf, removeAvatar, saveAvatar } from './avatar';
import { createEmailChangeService } from './emailChange.service';
import { createProfileService } from './profile.service';
import { stringValue } from '@orbit/shared/validation';

const TITLE = 'Profile';
const MB = AVATAR_MAX_BYTES / 1024 / 1024;

/** The signed-in user's own account: always the session's user, whatever ids the client sends. */
const profileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const profile = createProfileService(app.db);
  const emailChange = createEmailChangeService(app);
  const guard = createPasswordGuard(app.db, app.config);
  // Registered here, not globally: only the avatar upload accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get('/system/user/profile', { config: { access: 'authenticated' } }, async (request) =>
    ok(request, await profile.get(requireUser(request).userId)),
  );

  // Acts on the session's user only: ids, user names or roles in the body are not even read.
  app.put(
    '/system/user/profile',
    { config: { access: 'authenticated', log: { title: TITLE, businessType: BUSINESS_TYPE.update } }, schema: { body: updateProfileBody } },
    async (request) => {
      const user = requireUser(request);
      await profile.update(user.userId, user.userName, request.body);
      return ok(request);
    },
  );

  app.post(
    '/system/user/profile/email',
    // The body carries the current password: the operation log keeps none of it.
    { config: { access: 'authenticated', noApiKey: true, log: { title: TITLE, businessType: BUSINESS_TYPE.update, withholdBody: true } }, schema: { body: changeEmailBody } },
    async (request) => {
      await emailChange.request(requireUser(request).userId, request.body, clientInfo(request), request.lang);
      return { code: CODE.ok, msg: request.t('profile.emailCodeSent', { email: request.body.email }) };
    },
  );

  app.put(
    '/system/user/profile/email',
    { config: { access: 'authenticated', noApiKey: true, log: { title: TITLE, businessType: BUSINESS_TYPE.update, withholdBody: true } }, schema: { body: confirmEmailBody } },
    async (request) => {
      await emailChange.confirm(requireUser(request).userId, request.body, request.lang);
      return { code: CODE.ok, msg: request.t('profile.emailChanged') };
    },
  );

  app.post(
    '/system/user/profile/avatar',
    { config: { access: 'authenticated', log: { title: TITLE, businessType: BUSINESS_TYPE.update } } },
    async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw fieldError('avatarfile', 'profile.avatarMissing');
      const file = await request.file();
      if (!file) throw fieldError('avatarfile', 'profile.avatarMissing');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('avatarfile', 'profile.avatarTooLarge', { size: `${MB} MB` });
        throw error;
      }
      if (!bytes.length) throw fieldError('avatarfile', 'profile.avatarMissing');
      const kind = imageKindOf(bytes);
      if (!kind) throw fieldError('avatarfile', 'profile.avatarNotImage');
      const name = await saveAvatar(app.config.dataDir, bytes, kind.ext);
      const imgUrl = `${AVATAR_URL_PREFIX}${name}`;
      const previous = await profile.setAvatar(user.userId, imgUrl);
      await removeAvatar(app.config.dataDir, previous);
      return ok(request, { imgUrl });
    },
  );

  // Avatars are shown by <img> tags, which send no bearer token: served publicly, by their
  // unguessable server-generated name only (the pattern rules out any path).
  app.get(
    `${AVATAR_URL_PREFIX}:name`,
    { config: { access: 'public' }, schema: { params: z.object({ name: stringValue().regex(AVATAR_NAME) }) } },
    async (request, reply) => {
      const file = path.join(avatarDir(app.config.dataDir), request.params.name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw notFound();
      return reply
        .header('content-type', contentTypeOf(request.params.name))
        .header('content-length', info.size)
        .header('cache-control', 'private, max-age=86400')
        .send(createReadStream(file));
    },
  );

  // Passwords travel in the body, never the query string, so they stay out of URLs and logs.
  app.put(
    '/system/user/profile/updatePwd',
    {
      config: { access: 'authenticated', beforePasswordChange: true, noApiKey: true, log: { title: TITLE, businessType: BUSINESS_TYPE.update, withholdBody: true } },
      schema: { body: updatePwdBody },
    },
    async (request) => {
      const current = requireUser(request);
      const user = await findUserById(app.db, current.userId);
      if (!user) throw unauthorized();
      const { oldPassword, newPassword } = request.body;
      // Counted like sign-in attempts: a stolen session cannot guess the password here instead.
      if ((await guard.check(user.userName, user, oldPassword, clientInfo(request))) === 'wrong') throw fieldError('oldPassword', 'auth.oldPasswordWrong');
      if (oldPassword === newPassword) throw fieldError('newPassword', 'auth.newPasswordSame');
      await assertPasswordPolicy(newPassword, user, 'newPassword', await app.settings.get('passwordChars'));
      const passwordHash = await hashPassword(newPassword);
      await app.db.transaction(async (tx) => {
        await tx
          .update(sysUser)
          .set({ password: passwordHash, pwdUpdateDate: new Date(), mustChangePwd: false, pwdHintPostponedAt: null })
          .where(eq(sysUser.userId, user.userId));
        // Other devices signed in with the old password lose their sessions; this one stays.
        await createSessionRepository(tx, app.config.sessionTtlMinutes).revokeOthers(user.userId, request.session?.sessionId);
      });
      return { code: CODE.ok, msg: request.t('auth.passwordChanged') };
    },
  );

  /** "Remind me later" for the 90-day change suggestion; a forced change cannot be postponed (the auth hook refuses it). */
  app.get('/system/user/unResetPwd', { config: { access: 'authenticated' } }, async (request) => {
    await app.db.update(sysUser).set({ pwdHintPostponedAt: new Date() }).where(eq(sysUser.userId, requireUser(request).userId));
    return ok(request);
  });
};

export default profileRoutes;
