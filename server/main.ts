// Runs the API server on its own (`npm run server`); `npm start` runs it together with the web app and identity service.
import { ConfigError, loadApiConfig } from './api/config.ts';
import { startApiServer } from './api/server.ts';

async function main(): Promise<void> {
  const config = loadApiConfig();
  const api = await startApiServer(config);
  console.log(
    `API (${config.mode} mode, ${config.database.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.database.pgliteDir}`}) on ${api.url}`,
  );
  const stop = () => {
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
