import type { Response as LightResponse } from 'light-my-request';
import { api, type TestApp } from '../helpers/testApp';

/**
 * What an unmodified RuoYi-Vue3 admin client sends (its src/utils/request.js and
 * plugins/download.js, as read in its repository): query parameters flattened with nested objects
 * as `key[sub]` and empty values left out; JSON bodies; downloads POSTed form-encoded; the bearer
 * token; and it reads an answer only when the HTTP status is 200.
 */
export function flattenLikeRuoYi(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const kept = (value: unknown) => value !== null && value !== undefined && value !== '';
  for (const [name, value] of Object.entries(params)) {
    if (!kept(value)) continue;
    if (typeof value === 'object') {
      for (const [sub, inner] of Object.entries(value as Record<string, unknown>)) {
        if (kept(inner)) parts.push(`${encodeURIComponent(`${name}[${sub}]`)}=${encodeURIComponent(String(inner))}`);
      }
    } else parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  return parts.join('&');
}

export type RuoYiAnswer = { status: number; body: Record<string, any>; raw: LightResponse }; // eslint-disable-line @typescript-eslint/no-explicit-any

export function ruoyiClient(app: TestApp, token?: string) {
  const headers = () => (token ? { authorization: `Bearer ${token}` } : {});
  const answer = (raw: LightResponse): RuoYiAnswer => ({
    status: raw.statusCode,
    body: String(raw.headers['content-type']).startsWith('application/json') ? raw.json() : {},
    raw,
  });
  return {
    setToken(next: string) {
      token = next;
    },
    async get(url: string, params?: Record<string, unknown>) {
      const query = params ? flattenLikeRuoYi(params) : '';
      return answer(await app.inject({ method: 'GET', url: api(url + (query ? `?${query}` : '')), headers: headers() }));
    },
    async send(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown, params?: Record<string, unknown>) {
      const query = params ? flattenLikeRuoYi(params) : '';
      const payload = data === undefined ? {} : { payload: data as object };
      return answer(await app.inject({ method, url: api(url + (query ? `?${query}` : '')), headers: headers(), ...payload }));
    },
    /** `proxy.download(url, params, filename)`: POST, form-encoded, a blob back. */
    async download(url: string, params: Record<string, unknown>) {
      return answer(
        await app.inject({ method: 'POST', url: api(url), headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' }, payload: flattenLikeRuoYi(params) }),
      );
    },
    /** el-upload with the token header: multipart, one `file` part. */
    async upload(url: string, bytes: Buffer, fileName: string) {
      const boundary = '----WebKitFormBoundaryRuoYi';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return answer(await app.inject({ method: 'POST', url: api(url), headers: { ...headers(), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload }));
    },
  };
}
