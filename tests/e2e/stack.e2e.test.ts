// The running stack itself: generated app config pointing at this stack's ports, API health, cache headers,
// the SPA fallback, the command-line entry point's clean stop, and the production (real Cognito) configuration.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startStack } from '../../scripts/start';
import { repoRoot } from '../../scripts/stack/build';
import { createConfirmedUser, localIdToken, stackInfo } from './harness';
import { E2E_DIST } from './stack-info';

// The child's environment without a developer's own Wyrd settings.
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('WYRD_') && key !== 'DATABASE_URL' && key !== 'LOCAL_AUTH_FIXED_CODE',
    ),
  );
}

describe('local stack', () => {
  it("serves /app-config.json pointing at this stack's API and identity service", async () => {
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

describe('npm start (the command-line entry point)', () => {
  it('prints the URL to open, serves the stack, and stops cleanly with exit code 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-cli-'));
    const env = { ...cleanEnv(), WYRD_WEB_PORT: '0', WYRD_API_PORT: '0', WYRD_IDENTITY_PORT: '0' };
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/start.ts', '--data-dir', dataDir, '--dist-dir', E2E_DIST, '--no-build'],
      {
        cwd: repoRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exitCode: number | null | undefined;
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        exitCode = code;
        resolve(code);
      }),
    );
    try {
      // Stop waiting as soon as the process exits (a failed start), so the failure shows its output.
      await expect
        .poll(
          () =>
            exitCode !== undefined
              ? `exited ${exitCode}: ${output}`
              : /Open (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1],
          {
            timeout: 60_000,
            interval: 200,
          },
        )
        .toMatch(/^http:/);
      const webUrl = /Open (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1];
      const apiUrl = /API server\s+(http:\/\/\S+)/.exec(output)![1];
      expect((await fetch(`${webUrl}/login`)).status).toBe(200);
      expect(await (await fetch(`${apiUrl}/health`)).json()).toEqual({ status: 'ok' });

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect(fetch(`${webUrl}/`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('production configuration (a real Cognito pool)', () => {
  it('runs no local identity service, omits userPoolEndpoint and never trusts local tokens', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-prod-'));
    const stack = await startStack({
      env: { WYRD_COGNITO_USER_POOL_ID: 'ap-southeast-2_AbCdEf123', WYRD_COGNITO_CLIENT_ID: 'realclient123' },
      dataDir,
      ports: { web: 0, api: 0, identity: 0 },
      distDir: E2E_DIST,
      build: 'never',
      log: () => {},
    });
    try {
      expect(stack.identityUrl).toBeUndefined();
      const config = await (await fetch(`${stack.webUrl}/app-config.json`)).json();
      expect(config).toEqual({
        apiBaseUrl: stack.apiUrl,
        cognito: {
          region: 'ap-southeast-2',
          userPoolId: 'ap-southeast-2_AbCdEf123',
          userPoolClientId: 'realclient123',
        },
      });
      // A token from the local identity service (valid there) is refused by the production API.
      const local = stackInfo();
      const user = await createConfirmedUser(local, 'prodcheck');
      const idToken = await localIdToken(local, user.email, user.password);
      const response = await fetch(`${stack.apiUrl}/me`, { headers: { Authorization: `Bearer ${idToken}` } });
      expect(response.status).toBe(401);
    } finally {
      await stack.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
