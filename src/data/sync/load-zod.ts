// zod on a task of its own, ahead of the engine's schemas, in the sync engine's staged load (sync-service.ts).
// The load imports this module, not 'zod': a dynamic import of 'zod' itself keeps zod's whole namespace in the
// bundle (every locale's messages, the JSON Schema tools), which tripled its chunk (305 kB instead of about 90).
import { z } from 'zod';

/** One named use, so that the bundle keeps only the parts of zod the schemas use. */
export const zodLoaded = typeof z.object === 'function';
