// `npm start` / `npm run dev`: runs the whole product on 127.0.0.1 (web app, API server, local identity service).
// startStack() is also used in-process by the e2e harness and the Lighthouse script with their own ports and data.
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Plugin, ViteDevServer } from 'vite';
import { DEFAULT_PORTS, readPort, loadApiConfig, type Env } from '../server/api/config';
import { startApiServer, type RunningApi } from '../server/api/server';
import { DEFAULT_IDENTITY_HOST } from '../server/identity/constants';
import { startIdentityService, type IdentityService } from '../server/identity/identity-service';
import { buildAppConfig, planStack, type AppConfigJson } from './stack/app-config';
import { distDir, ensureBuilt, repoRoot } from './stack/build';
import { startWebServer, type RunningWebServer } from './stack/web-server';

export type StackOptions = {
  /** Settings as environment variables (README.md); defaults to process.env. */
  env?: Env;
  /** Overrides WYRD_DATA_DIR (default .local). */
  dataDir?: string;
  /** Overrides WYRD_WEB_PORT / WYRD_API_PORT / WYRD_IDENTITY_PORT; 0 picks a free port. */
  ports?: Partial<Record<'web' | 'api' | 'identity', number>>;
  /** Vite dev server with hot reload instead of the production build. */
  dev?: boolean;
  /** 'if-needed' (default) builds when the output is missing or stale. */
  build?: 'if-needed' | 'always' | 'never';
  /** Build output to serve (default dist/). */
  distDir?: string;
  /** Overrides LOCAL_AUTH_FIXED_CODE: every confirmation and reset code is this value. */
  fixedCode?: string;
  log?: (line: string) => void;
};

export type RunningStack = {
  webUrl: string;
  apiUrl: string;
  identityUrl?: string;
  dataDir: string;
  appConfig: AppConfigJson;
  /**
   * The in-process API server, to stop and start again on the same port and data (the browser tests kill it
   * in the middle of a push). Absent when the stack runs no API.
   */
  api?: { stop: () => Promise<void>; start: () => Promise<void> };
  close: () => Promise<void>;
};

const HOST = '127.0.0.1';

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function explainListenError(error: unknown, service: string, port: number, variable: string): Error {
  if (error && typeof error === 'object' && 'code' in error && error.code === 'EADDRINUSE') {
    return new Error(
      `Port ${port} (${service}) is already in use. Stop whatever uses it or set ${variable} to another port.`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

// Dev mode serves the same generated /app-config.json as the production server, ahead of public/'s copy.
function appConfigPlugin(getConfig: () => AppConfigJson): Plugin {
  return {
    name: 'wyrd-app-config',
    configureServer(server) {
      server.middlewares.use('/app-config.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(JSON.stringify(getConfig()));
      });
    },
  };
}

async function startViteDevServer(
  host: string,
  port: number,
  getConfig: () => AppConfigJson,
): Promise<RunningWebServer> {
  const { createServer } = await import('vite');
  const server: ViteDevServer = await createServer({
    root: repoRoot,
    server: { host, port, strictPort: true },
    plugins: [appConfigPlugin(getConfig)],
  });
  await server.listen();
  const address = server.httpServer?.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return { url: `http://${host}:${actualPort}`, port: actualPort, close: () => server.close() };
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const env = options.env ?? process.env;
  const log = options.log ?? console.log;
  const dataDir = path.resolve(options.dataDir ?? (env.WYRD_DATA_DIR || path.join(repoRoot, '.local')));
  const ports = {
    web: options.ports?.web ?? readPort(env, 'WYRD_WEB_PORT', DEFAULT_PORTS.web),
    api: options.ports?.api ?? readPort(env, 'WYRD_API_PORT', DEFAULT_PORTS.api),
    identity: options.ports?.identity ?? readPort(env, 'WYRD_IDENTITY_PORT', DEFAULT_PORTS.identity),
  };
  const fixedCode = options.fixedCode ?? (env.LOCAL_AUTH_FIXED_CODE || undefined);
  const plan = planStack(env);

  const webRoot = path.resolve(options.distDir ?? distDir);
  if (!options.dev && options.build !== 'never')
    await ensureBuilt({ force: options.build === 'always', outDir: webRoot, log });

  const stoppers: Array<() => Promise<void>> = [];
  const close = async () => {
    // Reverse start order: the web server first so no new page loads hit half-stopped services.
    for (const stop of stoppers.splice(0).reverse()) {
      await stop().catch((error: unknown) => log(`Error while stopping: ${String(error)}`));
    }
  };

  try {
    // The API's CORS origin needs the web port before the web server starts, so resolve 0 now.
    const webPort = ports.web === 0 ? await freePort(HOST) : ports.web;

    let identity: IdentityService | undefined;
    if (plan.runIdentity) {
      identity = await startIdentityService({
        port: ports.identity,
        host: env.WYRD_IDENTITY_HOST || DEFAULT_IDENTITY_HOST,
        dataDir: path.join(dataDir, 'identity'),
        fixedCode,
        log,
      }).catch((error: unknown) => {
        throw explainListenError(error, 'identity service', ports.identity, 'WYRD_IDENTITY_PORT');
      });
      stoppers.push(() => identity!.close());
    }

    let api: RunningApi | undefined;
    let apiControl: RunningStack['api'];
    if (plan.runApi) {
      const apiConfig = loadApiConfig({
        ...env,
        WYRD_DATA_DIR: dataDir,
        WYRD_API_PORT: String(ports.api),
        WYRD_WEB_PORT: String(webPort),
        ...(identity ? { WYRD_COGNITO_ENDPOINT: identity.url } : {}),
      });
      api = await startApiServer(apiConfig).catch((error: unknown) => {
        throw explainListenError(error, 'API server', ports.api, 'WYRD_API_PORT');
      });
      const apiPort = api.port;
      apiControl = {
        stop: async () => {
          const running = api;
          api = undefined;
          await running?.close();
        },
        start: async () => {
          api ??= await startApiServer({ ...apiConfig, port: apiPort });
        },
      };
      stoppers.push(() => apiControl!.stop());
    }

    const appConfig = buildAppConfig(env, { apiUrl: api?.url, identityUrl: identity?.url });
    const web = await (
      options.dev
        ? startViteDevServer(HOST, webPort, () => appConfig)
        : startWebServer({ distDir: webRoot, host: HOST, port: webPort, appConfig: () => appConfig })
    ).catch((error: unknown) => {
      throw explainListenError(error, 'web app', webPort, 'WYRD_WEB_PORT');
    });
    stoppers.push(() => web.close());

    return {
      webUrl: web.url,
      apiUrl: appConfig.apiBaseUrl,
      identityUrl: identity?.url,
      dataDir,
      appConfig,
      api: apiControl,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dev: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      // Serve (and build into) another folder than dist/; the tests use their own build.
      'dist-dir': { type: 'string' },
      build: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const stack = await startStack({
    dev: values.dev,
    dataDir: values['data-dir'],
    distDir: values['dist-dir'],
    build: values['no-build'] ? 'never' : values.build ? 'always' : 'if-needed',
  });

  console.log('');
  console.log(`  Wyrd is running${values.dev ? ' (Vite dev server)' : ''}. Open ${stack.webUrl}`);
  console.log('');
  console.log(`  Web app            ${stack.webUrl}`);
  console.log(
    `  API server         ${stack.appConfig.localOnly ? '(none: WYRD_API_URL is empty, the app runs local-only without sync)' : stack.apiUrl}`,
  );
  console.log(
    `  Identity service   ${stack.identityUrl ?? `(not started: Cognito pool ${stack.appConfig.cognito.userPoolId})`}`,
  );
  console.log(`  Data               ${stack.dataDir}`);
  console.log('');
  console.log('  Press Ctrl-C to stop.');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nStopping (${signal})...`);
    stack.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

// Run only as a script, not when imported by the test harness.
const invokedPath = process.argv[1] ? path.resolve(process.argv[1]) : '';
if (invokedPath === path.resolve(repoRoot, 'scripts/start.ts')) {
  main().catch((error: unknown) => {
    console.error(`Could not start Wyrd: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
