import { eq } from 'drizzle-orm';
import type { ChangeEmailBody, ConfirmEmailBody } from '@orbit/shared/contract/user';
import type { FastifyInstance } from 'fastify';
import { sysUser } from '../../../db/schema/organisation';
import type { ClientInfo } from '../../../lib/clientInfo';
import { fieldError, unauthorized } from '../../../lib/errors';
import { createCodeRequestGuard } from '../../auth/codeRequestGuard';
import { createEmailCodeService } from '../../auth/emailCode.service';
import { createPasswordGuard } from '../../auth/passwordGuard';
import { findUserById } from '../../auth/user.lookup';
import { createUserRepository } from '../user/user.repository';

/**
 * Changing one's own e-mail address, the address password resets go to: the current password and
 * a code sent to the new address, then a notice to the old one. A session alone (a stolen token)
 * cannot move the account to another mailbox. The first step answers the same whether or not the
 * address belongs to someone else: only the owner of the new address, who reads the code, can
 * learn that at the second step.
 */
export function createEmailChangeService(app: FastifyInstance) {
  const codes = createEmailCodeService(app);
  const guard = createPasswordGuard(app.db, app.config);
  const codeGuard = createCodeRequestGuard(app);

  async function currentUser(userId: number) {
    const user = await findUserById(app.db, userId);
    if (!user) throw unauthorized();
    return user;
  }

  return {
    async request(userId: number, body: ChangeEmailBody, client: ClientInfo, lang: 'en' | 'zh'): Promise<void> {
      // The captcha and the client's budget first, as for every code mailed; then the password.
      await codeGuard.admit(body, client.ipaddr);
      const user = await currentUser(userId);
      if ((await guard.check(user.userName, user, body.password, client)) === 'wrong') throw fieldError('password', 'profile.passwordWrong');
      if (body.email === user.email) throw fieldError('email', 'profile.emailSame');
      await codes.sendToNewAddress(user, body.email, lang);
    },

    async confirm(userId: number, body: ConfirmEmailBody, lang: 'en' | 'zh'): Promise<void> {
      const user = await currentUser(userId);
      const changed = await app.db.transaction(async (tx) => {
        if (!(await codes.verifyNewAddress(tx, userId, body.email, body.code))) return false;
        // The caller has shown the address is theirs: saying it is taken tells them nothing new.
        if (await createUserRepository(tx).isTaken('email', body.email, userId)) throw fieldError('email', 'user.emailTaken', { value: body.email });
        await tx.update(sysUser).set({ email: body.email, updateBy: user.userName, updateTime: new Date() }).where(eq(sysUser.userId, userId));
        return true;
      });
      if (!changed) throw fieldError('code', 'auth.codeInvalid');
      if (user.email) {
        codes.mail(user.email, lang, { subject: 'auth.mailEmailChangedSubject', body: 'auth.mailEmailChangedBody' }, { userName: user.userName, email: body.email });
      }
    },
  };
}
