// Test helper: the statement API exposed through Comlink over a node worker_threads port, the same
// structured-clone boundary the browser's module worker (worker/statement.worker.ts) has.
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter';
import { statementApi } from '../../../worker/statement-api';

if (parentPort) expose(statementApi, nodeEndpoint(parentPort));
