// Shared setup for jsdom tests: jest-dom matchers and an in-memory IndexedDB.
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/dom';

// CI runs every suite on 2 cores: give findBy*/waitFor more than the 1 s default before calling it a failure.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout, so window.scrollTo only logs "Not implemented"; the router calls it on every navigation.
window.scrollTo = () => {};
