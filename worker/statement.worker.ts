// The statement import web worker (module worker): exposes worker/statement-api.ts (parse files, column
// mapping, import plan) through Comlink, so a 10,000-row file is read off the main thread.
import { expose } from 'comlink';
import { statementApi } from './statement-api';

expose(statementApi);
