// Test helper: a worker_threads entry that loads the TypeScript worker helper through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./node-forecast-worker.ts');
