// Test helper: a worker_threads entry that loads the TypeScript statement worker helper through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./node-statement-worker.ts');
