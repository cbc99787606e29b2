import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../web/build/precompress';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

/** A script large enough to be compressed (over the 1 KiB threshold), as a build would leave it. */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;

describe('compressed answers', () => {
  let app: TestApp;
  let token: string;
  const dist = mkdtempSync(path.join(os.tmpdir(), 'orbit-dist-'));

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Orbit CRM</title>${'<!-- padding -->'.repeat(100)}`);
    writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'tiny-77aa.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'logo-1b2c.png'), Buffer.alloc(4096, 1));
    expect(precompressDirectory(dist)).toBe(2); // index.html and the large script: not the tiny script, not the picture
    app = await createTestApp({ WEB_DIST: dist });
    token = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    await app.teardown();
    rmSync(dist, { recursive: true, force: true });
  });

  it('the build step writes brotli and gzip files that decompress to the original', () => {
    const original = readFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'));
    expect(brotliDecompressSync(readFileSync(path.join(dist, 'assets', 'index-3f9a1c.js.br')))).toEqual(original);
    expect(gunzipSync(readFileSync(path.join(dist, 'assets', 'index-3f9a1c.js.gz')))).toEqual(original);
  });

  it('a built asset is sent precompressed in the encoding the browser prefers, with Vary and its caching', async () => {
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
      expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 2);
    }
  });

  it('assets carry the headers that protect a file, not those that only mean something on a page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('without Accept-Encoding the same asset is sent as it is; index.html at a client route is compressed too', async () => {
    const plain = await app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    const page = await app.inject({ method: 'GET', url: '/Leads/leads-index', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Orbit CRM</title>');
  });

  it('files without a compressed copy: small text and pictures are sent as they are', async () => {
    const tiny = await app.inject({ method: 'GET', url: '/assets/tiny-77aa.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('console.log(1)');
    const picture = await app.inject({ method: 'GET', url: '/assets/logo-1b2c.png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.rawPayload.length).toBe(4096);
  });

  it('API answers over 1 KiB are compressed, small ones are not, and both keep no-store', async () => {
    const list = await app.inject({ method: 'GET', url: api('/system/menu/list'), headers: { ...bearer(token), 'accept-encoding': 'gzip, br' } });
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers['cache-control']).toBe('no-store');
    const decoded = JSON.parse(brotliDecompressSync(list.rawPayload).toString()) as { code: number; data: unknown[] };
    expect(decoded.code).toBe(200);
    expect(decoded.data.length).toBeGreaterThan(10);
    const gzipped = await app.inject({ method: 'GET', url: api('/system/menu/list'), headers: { ...bearer(token), 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(decoded);
    const small = await app.inject({ method: 'GET', url: api('/captchaImage'), headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body).code).toBe(200);
    const ping = await app.inject({ method: 'GET', url: api('/no/such/path'), headers: { 'accept-encoding': 'gzip, br' } });
    expect(ping.headers['content-encoding']).toBeUndefined();
    expect(ping.headers['cache-control']).toBe('no-store');
  });
});
