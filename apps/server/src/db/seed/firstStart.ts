import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { passwordPolicyProblem } from '../../modules/auth/passwordPolicy';
import type { Db } from '../client';
import { FIRST_ADMIN_NAME, firstAdministrator, hasData, seedDatabase, seedDemoData } from './seedDatabase';

/** Where an install without demo data leaves the administrator's first password. */
export const initialPasswordFile = (dataDir: string) => path.join(dataDir, 'initial-admin-password');

/** 16 random characters that pass the password policy (drawn again in the rare case they do not). */
export async function generatedPassword(userName: string): Promise<string> {
  for (;;) {
    const password = randomBytes(12).toString('base64url');
    if (!(await passwordPolicyProblem(password, { userName }))) return password;
  }
}

/**
 * Seeds an empty database at first start: the demo organisation, or with SEED_DEMO_DATA=false only
 * what every install needs and the super administrator `admin`. That administrator's password is
 * generated (no default secret) and written to a file only its owner can read, never to the log;
 * it must be replaced at first sign-in. Answers the line to log, or undefined when there was data.
 */
export async function seedOnFirstStart(db: Db, config: Pick<Config, 'seedDemoData' | 'dataDir'>): Promise<string | undefined> {
  if (config.seedDemoData) return (await seedDemoData(db)) ? 'demo data seeded (sign in as admin / admin123)' : undefined;
  if (await hasData(db)) return undefined;
  const password = await generatedPassword(FIRST_ADMIN_NAME);
  const file = initialPasswordFile(config.dataDir);
  // Written before the seed commits, so a password is never set that nobody can read.
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  await seedDatabase(db, firstAdministrator(password));
  return `created the administrator 'admin'; the first password is in ${file} and must be changed at first sign-in`;
}
