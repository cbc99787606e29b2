/**
 * Answers to GET requests sent before the code that makes them has loaded: on a full load, the
 * session's and the first of its page's (app/earlyRequests.ts). The request client hands such an
 * answer to the first call for the same address, in the same language and session, instead of
 * sending it again (request.ts); an answer nobody asks for within KEPT_MS is dropped, so that no
 * later call reads an old one.
 */
const answers = new Map<string, Promise<Response>>();
const KEPT_MS = 10_000;

/**
 * What tells two calls apart for this purpose: the address with its query, the language asked for
 * and the session's token (another user signed in meanwhile never reads the first one's answers;
 * kept in memory only).
 */
export const earlyKey = (url: string, headers: Record<string, string>) => `${headers['Accept-Language']} ${headers.Authorization} ${url}`;

export function keepEarly(key: string, answer: Promise<Response>): void {
  if (answers.has(key)) return;
  // A failure is the caller's to see (request.ts then asks again); unread, it is nobody's.
  answer.catch(() => undefined);
  answers.set(key, answer);
  setTimeout(() => {
    if (answers.get(key) === answer) answers.delete(key);
  }, KEPT_MS);
}

/** The answer kept for this call, given out once. */
export function takeEarly(key: string): Promise<Response> | undefined {
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}
