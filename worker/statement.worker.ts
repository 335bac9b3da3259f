// The statement import web worker (module worker): exposes worker/statement-api.ts (parse files, column
// mapping, import plan) through Comlink, so a 10,000-row file is read off the main thread. The import's own calls
// go through statementWorkerApi (worker/statement-wire.ts): parsed rows are kept here and the plan answers in
// columns, so the rows cross to the page once.
import { expose } from 'comlink';
import { statementWorkerApi } from './statement-worker-api';

expose(statementWorkerApi);
