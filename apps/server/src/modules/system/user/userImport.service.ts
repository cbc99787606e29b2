import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { importedUserRow, type ImportedUserRow, type UserImportResult } from '@orbit/shared/contract/user';
import { isMessageKey, translate, type MessageKey } from '@orbit/shared/messages';
import { normaliseEmail } from '@orbit/shared/validation';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { DEL_FLAG_PRESENT, STATUS_DISABLED } from '../../../db/schema/columns';
import { sysUser } from '../../../db/schema/organisation';
import { AppError, fieldLabel } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { hashPassword } from '../../auth/password';
import { createSessionRepository } from '../../auth/session.repository';
import { passwordPolicyForMany } from '../../auth/passwordPolicy';
import { createSettings } from '../config/settings';
import { createDeptRepository } from '../dept/dept.repository';
import { deptScopeOf } from '../dept/dept.service';
import { createDictRepository } from '../dict/dict.repository';
import { createUserRepository } from './user.repository';
import { createUserService } from './user.service';
import type { SheetRow } from './userImportSheet';

type Planned = { row: SheetRow; values: ImportedUserRow; existingId?: number };
export type ImportOutcome = { ok: boolean; rows: UserImportResult[] };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * RuoYi's answer text: a heading and one line per row, joined by `<br/>` as its clients show it (as
 * HTML, so every value from the file is escaped).
 */
export function importMessage(lang: Language, outcome: ImportOutcome): string {
  const failed = outcome.rows.filter((r) => r.result === 'failed' || r.result === 'exists');
  const heading = outcome.ok
    ? translate(lang, 'userImport.succeeded', { count: outcome.rows.length })
    : translate(lang, 'userImport.failed', { failed: failed.length, count: outcome.rows.length });
  return [heading, ...(outcome.ok ? outcome.rows : failed).map((r) => escapeHtml(r.message))].join('<br/>');
}

/**
 * The user import: every row checked as the user dialog checks (fields, department within reach,
 * unique name and e-mail, the password policy for the initial password, and for an update the
 * account within reach), then all rows written in one transaction, or none when any row fails.
 * New users get the initial password (System → Settings) and must change it at first sign-in.
 */
export function createUserImport(db: Db, config: Config) {
  const users = createUserService(db, config);
  const repo = createUserRepository(db);

  async function labelsOf(type: string): Promise<Map<string, string>> {
    const map = new Map<string, string>();
    for (const v of await createDictRepository(db).valuesOf(type)) {
      map.set(v.dictValue, v.dictValue);
      map.set(v.dictLabel.toLowerCase(), v.dictValue);
      if (typeof v.extra?.labelZh === 'string') map.set(v.extra.labelZh.toLowerCase(), v.dictValue);
    }
    return map;
  }

  const reasonOf = (lang: Language, error: unknown): string => {
    if (error instanceof AppError) return translate(lang, error.key, error.params);
    throw error;
  };

  return {
    async run(user: CurrentUser, sheet: SheetRow[], updateSupport: boolean, lang: Language): Promise<ImportOutcome> {
      const reachable = await createDeptRepository(db).list({}, deptScopeOf(user));
      const sexes = await labelsOf('sys_user_sex');
      const statuses = await labelsOf('sys_normal_disable');
      const { initPassword, passwordChars } = await createSettings(db, config).read(['initPassword', 'passwordChars']);
      const initialPasswordProblem = passwordPolicyForMany(initPassword, passwordChars);
      const results: UserImportResult[] = [];
      const planned: Planned[] = [];
      const seenNames = new Set<string>();
      const seenEmails = new Set<string>();

      for (const row of sheet) {
        const name = row.userName;
        const fail = (reason: string) => results.push({ row: row.row, userName: name, result: 'failed', message: translate(lang, 'userImport.rowFailed', { row: row.row, name, reason }) });
        const dept = row.dept === '' ? null : reachable.find((d) => String(d.deptId) === row.dept || d.deptName.toLowerCase() === row.dept.toLowerCase());
        if (dept === undefined) {
          fail(translate(lang, 'userImport.unknownDept', { value: row.dept }));
          continue;
        }
        const coded = (map: Map<string, string>, value: string, fallback: string) => (value === '' ? fallback : (map.get(value.toLowerCase()) ?? value));
        const parsed = importedUserRow.safeParse({
          deptId: dept?.deptId ?? null,
          userName: row.userName,
          nickName: row.nickName || row.userName,
          email: row.email,
          phonenumber: row.phonenumber,
          sex: coded(sexes, row.sex, '2'),
          status: coded(statuses, row.status, '0'),
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = String(issue.path[0] ?? '');
          const key: MessageKey = isMessageKey(issue.message) ? issue.message : 'validation.invalidValue';
          const limits = issue as { maximum?: number; minimum?: number };
          const invalidChoice = issue.code === 'invalid_value';
          fail(
            invalidChoice
              ? translate(lang, 'userImport.badValue', { field: fieldLabel(field), value: String(row[field as keyof SheetRow] ?? '') })
              : translate(lang, key, { field: fieldLabel(field), max: String(limits.maximum ?? ''), min: String(limits.minimum ?? '') }),
          );
          continue;
        }
        const values = parsed.data;
        const nameKey = values.userName.toLowerCase();
        if (seenNames.has(nameKey)) {
          fail(translate(lang, 'userImport.duplicateInFile'));
          continue;
        }
        seenNames.add(nameKey);
        const [existing] = await db
          .select({ userId: sysUser.userId, deptId: sysUser.deptId })
          .from(sysUser)
          .where(and(eq(sysUser.delFlag, DEL_FLAG_PRESENT), sql`lower(${sysUser.userName}) = ${nameKey}`))
          .limit(1);
        if (existing && !updateSupport) {
          results.push({ row: row.row, userName: name, result: 'exists', message: translate(lang, 'userImport.rowExists', { row: row.row, name }) });
          continue;
        }
        try {
          if (existing) {
            await users.assertTargets(user, [existing.userId]);
            if (existing.userId === user.userId && values.status === STATUS_DISABLED) throw new AppError(400, 'user.cannotDisableSelf');
            if (existing.deptId !== values.deptId) await users.assertDeptAssignable(user, values.deptId);
          } else {
            await users.assertDeptAssignable(user, values.deptId);
            if (!initPassword) throw new AppError(400, 'userImport.noInitPassword');
            const problem = await initialPasswordProblem(values);
            if (problem) throw new AppError(400, problem.key, { field: 'field.password', ...problem.params });
          }
          if (values.email) {
            const email = normaliseEmail(values.email);
            if (seenEmails.has(email) || (await repo.isTaken('email', email, existing?.userId))) throw new AppError(400, 'user.emailTaken', { value: values.email });
            seenEmails.add(email);
          }
        } catch (error) {
          fail(reasonOf(lang, error));
          continue;
        }
        planned.push({ row, values, existingId: existing?.userId });
        const key = existing ? 'userImport.rowUpdated' : 'userImport.rowCreated';
        results.push({ row: row.row, userName: values.userName, result: existing ? 'updated' : 'created', message: translate(lang, key, { row: row.row, name: values.userName }) });
      }

      results.sort((a, b) => a.row - b.row);
      if (results.some((r) => r.result === 'failed' || r.result === 'exists')) return { ok: false, rows: results };
      // One hash for every new user: they share the initial password anyway and must each replace it.
      const password = planned.some((p) => !p.existingId) ? await hashPassword(initPassword) : '';
      await db.transaction(async (tx) => {
        const txRepo = createUserRepository(tx);
        for (const { values, existingId } of planned) {
          if (existingId) {
            await txRepo.update(existingId, { ...values, updateBy: user.userName, updateTime: new Date() });
            // As the dialog does: a disabled account's sessions end with the change.
            if (values.status === STATUS_DISABLED) await createSessionRepository(tx, config.sessionTtlMinutes).revokeOthers(existingId);
          }
          else await txRepo.insert({ ...values, password, mustChangePwd: true, createBy: user.userName });
        }
      });
      return { ok: true, rows: results };
    },
  };
}
