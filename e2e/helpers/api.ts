/** An API answer as the tests read it: the envelope, with `data` or `rows` when there are any. */
export type ApiAnswer = { code: number; data?: unknown; rows?: unknown[]; msg: string };

export type Api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => Promise<ApiAnswer>;

/** Calls the API as the signed-in user (what a test sets up around the screens it looks at). */
export const apiOf =
  (baseUrl: string, token: string): Api =>
  async (method, path, body) => {
    const res = await fetch(`${baseUrl}/dev-api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as ApiAnswer;
  };

/**
 * A record a test sets up through the API, saved through the duplicate rules' warning as a user
 * would ("save anyway" with a reason): the demo data the e2e server runs on has people and
 * companies whose names a test's fixtures may resemble. A rule that blocks still refuses it.
 */
export const fixture = (body: Record<string, unknown>): Record<string, unknown> => ({ ...body, duplicateOverride: { reason: 'End-to-end test fixture' } });
