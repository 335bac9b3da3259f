// Writes the whole output of compare(), explainMonths() and runUncertainty() over a fixed set of random profiles
// (the property tests' generators, fixed seed) to one JSON file: run it before and after an engine refactor and
// compare the two files byte for byte to show the refactor changed no figure.
// Usage: npx tsx scripts/compare-snapshot.ts <out.json> [profiles=200]
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { compareScenarios, explainScenariosMonth, runUncertainty, type IsoMonth } from '../worker/engine/index';
import { mixed, profileArb, toProfile } from '../tests/engine/helpers/random-profiles';

const [out, countArg] = process.argv.slice(2);
if (!out) {
  console.error('usage: npx tsx scripts/compare-snapshot.ts <out.json> [profiles=200]');
  process.exit(2);
}
const count = Number(countArg ?? 200);

/** An error's name and message stand in for a result, so a throw before and after must match too. */
function attempt<T>(run: () => T): T | { error: string } {
  try {
    return run();
  } catch (e) {
    return { error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

const rows = fc.sample(profileArb, { seed: 20261125, numRuns: count }).map((p, i) => {
  const profile = toProfile(p);
  const options = { as_of: p.as_of, years: p.years };
  const month = `${Number(p.as_of.slice(0, 4)) + Math.min(p.years, 3) - 1}-07` as IsoMonth;
  return {
    i,
    compare: attempt(() => compareScenarios(profile, { ...options, scenario_ids: [] }, mixed)),
    explain: attempt(() => explainScenariosMonth(profile, { ...options, month, scenario_ids: [] }, mixed)),
    // Monte Carlo takes the catalogue's compiler only, so its profile keeps the template events alone.
    uncertainty:
      i % 5 === 0
        ? attempt(() =>
            runUncertainty(toProfile({ ...p, events: [], baselineEvents: [] }), { ...options, trials: 20, seed: i }),
          )
        : undefined,
  };
});
writeFileSync(out, JSON.stringify(rows, null, 1));
console.log(`${rows.length} profiles written to ${out}`);
