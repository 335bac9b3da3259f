// Shared setup for jsdom tests: jest-dom matchers and an in-memory IndexedDB.
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/dom';
import { vi } from 'vitest';
import { webcrypto } from 'node:crypto';
import { performance as nodePerformance } from 'node:perf_hooks';

// Under the vm pool the worker's module cache outlives a test file: without this, the next file in that worker
// gets the modules (and their state) the last file evaluated, and a module mock it declares is not applied to
// them (its screens used the previous file's real sign-in and showed the sign-in page). Resetting it here, before
// the test file's imports, gives each file modules of its own, as a process per file does.
vi.resetModules();

// CI runs every suite on 2 cores, the UI tests at a lower priority beside the browser tests: a screen that answers
// in milliseconds on an idle machine can wait seconds for a core there. So findBy*/waitFor wait up to 15 s (not the
// 1 s default) before calling it a failure; what they wait for is unchanged.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout, so window.scrollTo only logs "Not implemented"; the router calls it on every navigation.
window.scrollTo = () => {};

// Under the vm pool a test file's globals are jsdom's own. jsdom's performance has only now(), so the app's User
// Timing calls (performance.measure, which every browser has) would throw, and its crypto has no subtle (the
// results cache hashes with SHA-256): Node's User Timing and Web Crypto stand in.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true, writable: true });
}
if (typeof performance.measure !== 'function') {
  const timing = performance as unknown as Record<string, unknown>;
  for (const name of [
    'mark',
    'measure',
    'getEntries',
    'getEntriesByName',
    'getEntriesByType',
    'clearMarks',
    'clearMeasures',
  ] as const) {
    timing[name] = nodePerformance[name].bind(nodePerformance);
  }
}
