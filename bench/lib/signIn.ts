/** Sign-in of the demo users (password admin123) against a running server, as the benches use them. */

/** The session token of `userName` on the server at `baseUrl` (its origin, without /dev-api). */
export async function signIn(baseUrl: string, userName = 'admin'): Promise<string> {
  const res = await fetch(`${baseUrl}/dev-api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: userName, password: 'admin123' }) });
  const body = (await res.json()) as { token?: string; msg: string };
  if (!body.token) throw new Error(`sign-in of ${userName} failed: ${body.msg}`);
  return body.token;
}

/** Each user's token, signed in one after another (the sign-in limits count per address). */
export async function signInAll(baseUrl: string, userNames: Iterable<string>): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const userName of userNames) tokens.set(userName, await signIn(baseUrl, userName));
  return tokens;
}
