import { API_PREFIX, CLIENT_HEADER, ORBIT_WEB_CLIENT, REQUEST_TIMEOUT_MS, VERSION_HEADER } from '@orbit/shared/constants';
import i18n from '../i18n/i18n';
import { getStoredLanguage } from '../i18n/language';
import { getToken, removeToken } from '../utils/auth';
import { classifyAnswer, DOWNLOAD_FAILED, DOWNLOAD_SUCCESS, type AnswerInput } from './classifyAnswer';
import { earlyKey, keepEarly, takeEarly } from './earlyAnswers';
import { notifier } from './notifier';
import { flattenParams } from './flattenParams';

export type RequestOptions = {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, unknown>;
  data?: unknown;
  /** false: send no bearer token (sign-in, captcha). */
  isToken?: boolean;
  timeout?: number;
  /** 'blob': the answer is a file (octet-stream) and is returned raw; a refusal says 'Download Failed'. */
  responseType?: 'json' | 'blob';
  /** false: a refusal's message (500, 403, 50014) is left to the caller, which says something more specific. */
  showError?: boolean;
  /** Reads the headers of every answer received, refused or not (the records engine's `Meta-Version`). */
  onHeaders?: (headers: Headers) => void;
};

/** A refused call: the envelope's code and message, and field errors for forms. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly errors?: Record<string, string>,
    /** True when the client already showed the user a message or dialog about it. */
    readonly shown = false,
    /** What the refusal carries beside its message (the records a duplicate rule matched). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

let versionDialogOpen = false;
let logoutDialogOpen = false;

/** Carries out the classification; 'resolve' → the call succeeds, otherwise whether the user was told. */
async function act(input: AnswerInput, download: boolean, showError = true): Promise<'resolve' | 'shown' | 'silent'> {
  const action = classifyAnswer(input, undefined, { download });
  if (action.kind === 'message' && !showError && (input.kind === 'answer' || input.kind === 'http')) return 'silent';
  switch (action.kind) {
    case 'resolve':
      return 'resolve';
    case 'versionDialog':
      if (!versionDialogOpen) {
        versionDialogOpen = true;
        await notifier().announceUpdate();
        window.location.reload();
      }
      return 'shown';
    case 'logoutDialog':
      if (!logoutDialogOpen) {
        logoutDialogOpen = true;
        const relogin = await notifier().confirmLogout();
        logoutDialogOpen = false;
        if (relogin) {
          // The session is over: its tabs and stored ids go with it, whoever signs in next.
          removeToken();
          sessionStorage.clear();
          window.location.reload();
        }
      }
      return 'shown';
    case 'message':
      notifier().error(action.translate ? i18n.t(action.text) : action.text, action.duration);
      return 'shown';
    case 'reject':
      return 'silent';
  }
}

/** Every call's headers: language, client, and the session's token when there is one. */
function callHeaders(token: string | undefined): Record<string, string> {
  // Named as Orbit's web app, the server answers in Orbit's format; unnamed clients are RuoYi's (ISO dates vs RuoYi's, every menu vs RuoYi's views).
  const headers: Record<string, string> = { 'Accept-Language': getStoredLanguage(), [CLIENT_HEADER]: ORBIT_WEB_CLIENT };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * Sends these GETs (paths under `/dev-api`, without a query) now, with the session's token, for the
 * calls that will ask for them once their code has loaded (earlyAnswers.ts): nothing is shown or
 * classified here, that is the call's to do with the answer.
 */
export function askEarly(paths: readonly string[]): void {
  const headers = callHeaders(getToken());
  for (const path of paths) keepEarly(earlyKey(`${API_PREFIX}${path}`, headers), fetch(`${API_PREFIX}${path}`, { headers }));
}

/**
 * The one request client: base `/dev-api`, bearer token from the `Admin-Token` cookie, language
 * and client (`Orbit-Client: web`) headers, GET parameters flattened (`key[sub]`), files returned raw. Every answer is classified by
 * `classifyAnswer`; a refused call rejects with RequestError. A GET whose answer was asked for
 * early (askEarly) reads that answer instead of sending it again.
 */
export async function request<T = unknown>(options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const token = options.isToken === false ? undefined : getToken();
  const headers = callHeaders(token);
  let body: BodyInit | undefined;
  // FormData (uploads) and URLSearchParams (list exports, form-encoded like RuoYi's) set their own content type.
  if (options.data instanceof FormData || options.data instanceof URLSearchParams) body = options.data;
  else if (options.data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.data);
  }
  const query = options.params ? flattenParams(options.params) : '';
  const url = `${API_PREFIX}${options.url}${query ? (options.url.includes('?') ? '&' : '?') + query : ''}`;

  const early = method === 'GET' && body === undefined && token !== undefined && options.responseType !== 'blob' ? takeEarly(earlyKey(url, headers)) : undefined;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? REQUEST_TIMEOUT_MS);
  let response: Response;
  const send = () => fetch(url, { method, headers, body, signal: controller.signal });
  try {
    // An early answer that failed (the network, as the page loaded) is asked for again.
    response = await (early ? early.catch(send) : send());
  } catch {
    const timedOut = controller.signal.aborted;
    await act(timedOut ? { kind: 'timeout' } : { kind: 'network', message: '' }, false);
    throw new RequestError(i18n.t(timedOut ? 'request.timeout' : 'request.networkError'), 0, undefined, true);
  } finally {
    clearTimeout(timer);
  }
  options.onHeaders?.(response.headers);

  const versionHeader = response.headers.get(VERSION_HEADER);
  const contentType = response.headers.get('content-type') ?? '';
  const isDownload = options.responseType === 'blob';
  if (isDownload && response.ok && !contentType.includes('application/json')) {
    if ((await act({ kind: 'answer', body: { code: 200 }, versionHeader }, true)) !== 'resolve') throw new RequestError('', 0, undefined, true);
    return (await response.blob()) as T;
  }
  let parsed: unknown;
  try {
    parsed = contentType.includes('application/json') ? await response.json() : undefined;
  } catch {
    parsed = undefined;
  }
  // A 401 to a request of a session that has ended here since it was sent (logged out, or another
  // user signed in in this tab), or that was sent with no session at all, is stale news: the
  // "Confirm logout" dialog would interrupt whoever is signed in now. It is refused quietly.
  const refusedCode = (parsed as { code?: unknown } | undefined)?.code ?? response.status;
  if (refusedCode === 401 && options.isToken !== false && (!token || getToken() !== token)) {
    throw new RequestError(i18n.t('server.common.unauthorized'), 401, undefined, true);
  }
  const input: AnswerInput = parsed === undefined && !response.ok ? { kind: 'http', status: response.status } : { kind: 'answer', body: parsed, versionHeader };
  const outcome = await act(input, isDownload, options.showError);
  if (outcome === 'resolve') return parsed as T;
  const envelope = (parsed ?? {}) as { code?: number; msg?: string; errors?: Record<string, string>; data?: unknown };
  throw new RequestError(envelope.msg ?? i18n.t('request.httpError', { status: response.status }), envelope.code ?? response.status, envelope.errors, outcome === 'shown', envelope.data);
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** What a long list's export answers instead of the file: the file-centre record of the file being written. */
export type QueuedFile = { code: number; msg: string; data: { fileId: number } };

const isQueuedFile = (answer: unknown): answer is QueuedFile => typeof (answer as Partial<QueuedFile> | null)?.data?.fileId === 'number';

/**
 * Downloads a file answer (octet-stream) and saves it: 'Download Successful' for 3 s, or
 * 'Download Failed' when the server refuses (SPEC §8). `url` may carry the `/dev-api` prefix.
 * With `onQueued`, the server may answer a file-centre record instead (a list too long to download
 * at once), which is handed to it.
 */
export async function download(options: RequestOptions & { fileName: string; onQueued?: (answer: QueuedFile) => void }): Promise<boolean> {
  const url = options.url.startsWith(API_PREFIX) ? options.url.slice(API_PREFIX.length) : options.url;
  let answer: Blob | QueuedFile;
  try {
    answer = await request<Blob | QueuedFile>({ ...options, url, responseType: 'blob' });
  } catch (error) {
    // What the client already showed (the 401 dialog, 'Download Failed' for a 500) is not repeated;
    // a refusal that says why (400: a bad filter) is shown as it is.
    if (!(error instanceof RequestError && error.shown)) {
      const reason = error instanceof RequestError && error.code === 400 && error.message;
      notifier().error(reason || i18n.t(DOWNLOAD_FAILED.text), DOWNLOAD_FAILED.duration);
    }
    return false;
  }
  if (options.onQueued && isQueuedFile(answer)) {
    options.onQueued(answer);
    return true;
  }
  saveBlob(answer as Blob, options.fileName);
  notifier().success(i18n.t(DOWNLOAD_SUCCESS.text), DOWNLOAD_SUCCESS.duration);
  return true;
}
