// Runs the API server on its own (`npm run server`); `npm start` runs it together with the web app and identity service.
// On PostgreSQL it runs one worker process per core, less one when the database shares the host (node:cluster,
// sharing the port; WYRD_API_WORKERS overrides); on the embedded PGlite database, which one process owns, just one.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { openDatabase } from './db/client';
import { ConfigError, apiWorkerCount, loadApiConfig, type ApiConfig } from './api/config';
import { startApiServer } from './api/server';

function workerCount(config: ApiConfig): number {
  return apiWorkerCount(process.env, config.database.databaseUrl, availableParallelism());
}

const describe = (config: ApiConfig, url: string, workers: number) =>
  `API (${config.mode} mode, ${config.database.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.database.pgliteDir}`}` +
  `${workers > 1 ? `, ${workers} worker processes` : ''}) on ${url}`;

/** One process serving the API: the whole server, or one cluster worker (which tells the primary its URL). */
async function serve(config: ApiConfig, workers: number): Promise<void> {
  const api = await startApiServer(config);
  if (cluster.isWorker) process.send?.({ listening: api.url });
  else console.log(describe(config, api.url, workers));
  const stop = () => {
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The cluster primary: migrates once, forks the workers, replaces one that dies, stops them all on a signal. */
async function primary(config: ApiConfig, workers: number): Promise<void> {
  // One worker needs no balancing: it accepts its connections itself, instead of the primary accepting each and
  // handing it over (Node's default on Linux), which delays every new connection.
  if (workers === 1) cluster.schedulingPolicy = cluster.SCHED_NONE;
  // Migrations run here, once, before any worker opens the database.
  await (await openDatabase(config.database)).close();
  let stopping = false;
  let announced = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (message: { listening?: string }) => {
      if (message.listening && !announced) {
        announced = true;
        console.log(describe(config, message.listening, workers));
      }
    });
  };
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`API worker ${worker.process.pid} exited (code ${String(code)}); starting another`);
    fork();
  });
  const stop = () => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(0);
    for (const worker of running) worker?.process.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(): Promise<void> {
  const config = loadApiConfig();
  const workers = workerCount(config);
  // On PostgreSQL a primary always runs, also for one worker, so a worker that dies is replaced.
  if (config.database.databaseUrl && cluster.isPrimary) await primary(config, workers);
  else await serve(config, workers);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
