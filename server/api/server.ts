// Starts the API over HTTP with @hono/node-server: opens (and migrates) the database, builds the verifier, listens.
// Used by server/main.ts, scripts/start.ts and the tests (port 0 gives an ephemeral port).
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { openDatabase } from '../db/client';
import { createApp } from './app';
import { createTokenVerifier } from './auth';
import type { ApiConfig } from './config';

export type RunningApi = { url: string; port: number; close: () => Promise<void> };

export async function startApiServer(config: ApiConfig, options: { clock?: () => Date } = {}): Promise<RunningApi> {
  const database = await openDatabase(config.database);
  const app = createApp({ db: database.db, verifier: createTokenVerifier(config.auth), config, clock: options.clock });
  let server: ReturnType<typeof serve>;
  const port = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) =>
      resolve(info.port),
    );
    server.once('error', reject);
  }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const url = `http://${config.host}:${port}`;
  return {
    url,
    port,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets from browsers would otherwise hold close() open.
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await database.close();
    },
  };
}
