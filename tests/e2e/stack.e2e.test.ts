// The running stack itself: generated app config pointing at this stack's ports, API health,
// cache headers, the SPA fallback and the service worker file.
import { describe, expect, it } from 'vitest';
import { stackInfo } from './harness.ts';

describe('local stack', () => {
  it('serves /app-config.json pointing at this stack\'s API and identity service', async () => {
    const stack = stackInfo();
    const response = await fetch(`${stack.webUrl}/app-config.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      apiBaseUrl: stack.apiUrl,
      cognito: {
        region: 'ap-southeast-2',
        userPoolId: 'ap-southeast-2_wyrdLocal1',
        userPoolClientId: 'wyrdlocalclient00000000000',
        userPoolEndpoint: stack.identityUrl,
      },
    });
  });

  it('answers GET /health on the API and allows the web origin', async () => {
    const stack = stackInfo();
    const response = await fetch(`${stack.apiUrl}/health`, { headers: { Origin: stack.webUrl } });
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('access-control-allow-origin')).toBe(stack.webUrl);
  });

  it('serves the app shell for client routes with no-cache, and hashed assets as immutable', async () => {
    const stack = stackInfo();
    const shell = await fetch(`${stack.webUrl}/scenarios/compare?selected=abc`, { headers: { Accept: 'text/html' } });
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    const html = await shell.text();
    expect(html).toContain('<div id="root">');
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, 'index.html references a hashed script').toBeTruthy();
    const assetResponse = await fetch(`${stack.webUrl}${asset}`);
    expect(assetResponse.status).toBe(200);
    expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves the service worker with no-cache and a missing file as 404', async () => {
    const stack = stackInfo();
    const sw = await fetch(`${stack.webUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${stack.webUrl}/assets/does-not-exist.js`)).status).toBe(404);
  });
});
