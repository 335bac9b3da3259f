// One rounding rule: every cent figure in the engine is rounded by money.ts (cents, wholeDollars, the formatters),
// never by a local Math.round(x * 100) / 100 (docs/au-rules.md, "How the code uses them").
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ENGINE = join(__dirname, '../../../worker/engine');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('rounding to cents goes through money.ts', () => {
  it('no engine file but money.ts rounds with its own Math.round(x * 100) / 100', () => {
    const offenders = sources(ENGINE)
      .filter((path) => !path.endsWith('money.ts'))
      .filter((path) => /Math\.round\([^;]*\*\s*100\)\s*\/\s*100/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(ENGINE, path));
    expect(offenders).toEqual([]);
  });
});
