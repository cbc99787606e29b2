import { caller } from './adminApi';
import { createTestApp, loginAs } from './testApp';

type Call = ReturnType<typeof caller>;

/**
 * A fresh app (`overrides` of its environment, as createTestApp takes them) with each of `users`
 * signed in: their tokens and a caller for each. What most test files start from.
 */
export async function signedInApp<const U extends string>(users: U[], overrides: Record<string, string> = {}) {
  const app = await createTestApp(overrides);
  const tokens = {} as Record<U, string>;
  const as = {} as Record<U, Call>;
  for (const user of users) {
    tokens[user] = await loginAs(app, user);
    as[user] = caller(app, tokens[user]);
  }
  return { app, tokens, as };
}
