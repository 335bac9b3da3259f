// Keeps screens readable: no React component in src/ runs over 150 lines (measured by component-size.ts).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { componentSizes } from './component-size';

const MAX_LINES = 150;

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

describe('component size', () => {
  it('finds the components it measures', () => {
    const names = componentSizes(SRC).map((size) => size.name);
    expect(names).toContain('AccountsPage');
    expect(names).toContain('RecurringItemModal');
  });

  it(`has no component over ${MAX_LINES} lines`, () => {
    const long = componentSizes(SRC).filter((size) => size.lines > MAX_LINES);
    expect(long.map((size) => `${size.file} ${size.name} ${size.lines}`)).toEqual([]);
  });
});
