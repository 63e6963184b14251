import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test/harness.ts';

const SCRIPT = `console.log(${JSON.stringify('门禁 '.repeat(400))});\n`;

describe('the built web app is served compressed and cached by name', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gh-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const asset = path.join(dist, 'assets', 'index-AbC123xy.js');
    fs.writeFileSync(asset, SCRIPT);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(SCRIPT));
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Gatehouse access control","short_name":"Gatehouse"}');
    fs.writeFileSync(path.join(dist, 'sw.js'), "self.addEventListener('fetch', () => undefined);\n");
    fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><main data-testid="offline-page"></main>');
    t = await testApp({ config: { WEB_DIST: dist, LOG_LEVEL: 'error' } });
  });
  afterAll(() => t.close());

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli file to a browser that accepts br, immutable for a year', async () => {
    const res = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5);
  });

  it('sends the gzip file to a browser without br, and the plain file to one without either', async () => {
    const gz = await get('/assets/index-AbC123xy.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('revalidates the page itself and the client-side routes that answer it', async () => {
    for (const url of ['/', '/access/gate']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('id="root"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the web app manifest, the service worker and the offline page by their types, revalidated (a new build shows at once)', async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ short_name: 'Gatehouse' });
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const offline = await get('/offline.html');
    expect(offline.headers['content-type']).toMatch(/^text\/html/);
    expect(offline.headers['cache-control']).toBe('no-cache');
    expect(offline.body).toContain('offline-page');
  });
});
