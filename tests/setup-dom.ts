// Shared setup for jsdom tests: jest-dom matchers and an in-memory IndexedDB.
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/dom';

// CI runs every suite on 2 cores, the UI tests at a lower priority beside the browser tests: a screen that answers
// in milliseconds on an idle machine can wait seconds for a core there. So findBy*/waitFor wait up to 15 s (not the
// 1 s default) before calling it a failure; what they wait for is unchanged.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout, so window.scrollTo only logs "Not implemented"; the router calls it on every navigation.
window.scrollTo = () => {};
