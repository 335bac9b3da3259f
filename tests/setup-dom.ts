// Shared setup for jsdom tests: jest-dom matchers and an in-memory IndexedDB.
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
