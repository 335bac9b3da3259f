// The static server's text files: gzip made once and served from memory, an ETag answered with 304, HEAD without
// a body, a rebuilt file read again, other files and paths outside dist/ left to the rest of the server.
import { mkdtemp, rm, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp } from '../../scripts/stack/web-server';
import { fileUnder } from '../../scripts/stack/static-files';

let dist = '';
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'wyrd-web-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'icons'));
  await writeFile(path.join(dist, 'index.html'), `<!doctype html><div id="root"></div>${' '.repeat(2000)}`);
  await writeFile(path.join(dist, 'sw.js'), script);
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), script);
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  await writeFile(path.join(dist, 'icons', 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

function app() {
  return createWebApp({ distDir: dist, appConfig: () => ({}) as never });
}

describe('static text files', () => {
  it('gzips a script for a browser that accepts it, with an ETag, Vary and the cache headers', async () => {
    const response = await app().request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/);
    expect(response.headers.get('x-cachestoragecodecachehint')).toBe('none');
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(gunzipSync(body).toString()).toBe(script);
  });

  it('sends the plain body to a client without gzip, under the same ETag', async () => {
    const server = app();
    const gzipped = await server.request('/sw.js', { headers: { 'Accept-Encoding': 'gzip' } });
    const plain = await server.request('/sw.js', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    expect(plain.headers.get('etag')).toBe(gzipped.headers.get('etag'));
    expect(plain.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a matching If-None-Match with 304 and no body, keeping Cache-Control and the ETag', async () => {
    const server = app();
    const first = await server.request('/sw.js', { headers: { 'Accept-Encoding': 'gzip' } });
    const etag = first.headers.get('etag') ?? '';
    const again = await server.request('/sw.js', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    const other = await server.request('/sw.js', { headers: { 'If-None-Match': 'W/"something-else"' } });
    expect(other.status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app().request('/sw.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });

  it('serves the app shell for client routes from memory, and small files uncompressed', async () => {
    const server = app();
    const shell = await server.request('/dashboard', { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' } });
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(shell.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await shell.arrayBuffer())).toString()).toContain('<div id="root">');
    const robots = await server.request('/robots.txt', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(robots.headers.get('content-encoding')).toBeNull();
    expect(robots.headers.get('x-cachestoragecodecachehint')).toBeNull();
    expect(await robots.text()).toBe('User-agent: *\n');
  });

  it('reads a file again once it changed on disk (a rebuild while the server runs)', async () => {
    // A file of its own: the other tests serve sw.js as written, whatever order the tests run in.
    const file = path.join(dist, 'assets', 'rebuilt-def456.js');
    await writeFile(file, script);
    const server = app();
    const before = await server.request('/assets/rebuilt-def456.js');
    const changed = `${script}// v2\n`;
    await writeFile(file, changed);
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    const after = await server.request('/assets/rebuilt-def456.js');
    expect(await after.text()).toBe(changed);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('leaves images to the file handler and keeps missing files and paths outside dist/ as 404s', async () => {
    const server = app();
    const icon = await server.request('/icons/icon.png');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect((await server.request('/assets/missing.js')).status).toBe(404);
    expect((await server.request('/assets/..%2F..%2Fpackage.json')).status).toBe(404);
    expect(fileUnder(dist, '/../secret.js')).toBeNull();
    expect(fileUnder(dist, '/assets/%2e%2e/%2e%2e/secret.js')).toBeNull();
    expect(fileUnder(dist, '/assets/app.js')).toBe(path.join(dist, 'assets', 'app.js'));
    expect(fileUnder(dist, '/')).toBe(path.join(dist, 'index.html'));
  });
});
