// Keeps the browser specs readable and their lookups in one place: a spec in tests/e2e finds elements only
// through the page models in tests/e2e/page-models (a screen's change of markup is then one model's change).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const E2E = fileURLToPath(new URL('../e2e', import.meta.url));
// Playwright's ways to find an element; a model's method names never start with these.
const LOOKUP = /\.(getBy[A-Z]\w*|locator|\$\$?|querySelector(All)?|waitForSelector)\(/;

describe('browser specs use page models', () => {
  const specs = readdirSync(E2E).filter((name) => name.endsWith('.e2e.test.ts'));

  it('finds the specs', () => {
    expect(specs).toContain('money.e2e.test.ts');
    expect(specs).toContain('scenarios.e2e.test.ts');
  });

  it('has no direct element lookup in any spec', () => {
    const direct = specs.flatMap((name) =>
      readFileSync(path.join(E2E, name), 'utf8')
        .split('\n')
        .flatMap((line, i) => (LOOKUP.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(direct).toEqual([]);
  });
});
