// One rounding rule: every cent figure of the forecast (the rules, the simulator, templates, explanations, Monte
// Carlo) is rounded by money.ts (cents, wholeDollars, the formatters), never by a local Math.round(x * 100) / 100
// (docs/au-rules.md, "How the code uses them"). Statement import's scores are not money and are not scanned.
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
  it('no forecast file rounds with its own Math.round(x * 100) / 100', () => {
    const offenders = ['au', 'simulate', 'templates', 'explain', 'uncertainty']
      .flatMap((dir) => sources(join(ENGINE, dir)))
      .concat(
        readdirSync(ENGINE)
          .filter((n) => n.endsWith('.ts') && n !== 'money.ts')
          .map((n) => join(ENGINE, n)),
      )
      .filter((path) => /Math\.round\([^;]*\*\s*100\)\s*\/\s*100/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(ENGINE, path));
    expect(offenders).toEqual([]);
  });
});
