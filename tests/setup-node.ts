// Setup of the node project, whose files share worker processes (isolate: false in vitest.config.ts): what a process
// per file gave each file for free, given back here before each file's imports. Packages load once per worker, so
// globals a package sets and values it captured at load would otherwise carry over from the files before.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { IDBFactory } from 'fake-indexeddb';

type PlatformGlobals = Pick<typeof globalThis, 'Request' | 'Response' | 'Headers' | 'fetch'>;
const scope = globalThis as typeof globalThis & { wyrdPlatformGlobals?: PlatformGlobals };

// Starting a server with @hono/node-server replaces the global Request and Response with its own lighter ones; the
// next file must see the platform's again (a Response with status 999 throws in every browser and in Node, not in
// those). The first file of a worker runs this before any server starts, so what it keeps is the platform's.
scope.wyrdPlatformGlobals ??= { Request, Response, Headers, fetch };
Object.assign(globalThis, scope.wyrdPlatformGlobals);

// Dexie reads the global IndexedDB once, when it loads: a file that loaded it before any file installed the
// in-memory IndexedDB would leave every later file's databases without one. Each file also gets an empty
// IndexedDB of its own, as in a process of its own.
globalThis.indexedDB = new IDBFactory();
Dexie.dependencies.indexedDB = globalThis.indexedDB;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;
