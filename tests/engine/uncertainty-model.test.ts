// The uncertainty engine's model (docs/uncertainty.md): a single asset's terminal value has the analytic lognormal
// mean and median, factor correlations are those assumed, the Cholesky factor is exact and refuses impossible
// correlations, and type-7 percentiles are monotone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UNCERTAINTY,
  MARKET_FACTORS,
  NotPositiveDefiniteError,
  cholesky,
  correlationKey,
  quantileSorted,
  quantilesInPlace,
  resolveUncertaintyAssumptions,
  runTrialBatch,
  runUncertainty,
} from '../../worker/engine/index';
import {
  FACTOR_COUNT,
  allocateMarketPath,
  buildMarketModel,
  correlationMatrix,
  drawMarketPath,
} from '../../worker/engine/uncertainty/market';
import { TrialStreams } from '../../worker/engine/uncertainty/random';

const AS_OF = '2026-11-21';

/** One investment account, no flows: its value is V0 x exp(T ln(1+r) + S sqrt(T) Z). */
const singleAsset = (volatility: number, rate = 7) => ({
  assumptions: {
    account_type_rates: { investment: rate },
    uncertainty: { returns: { investment: { volatility } }, inflation_volatility: 0 },
  },
  accounts: [{ id: 'inv', name: 'Shares', account_type: 'investment', current_balance: 100_000, is_asset: true }],
  recurring_items: [],
  scenarios: [],
});

describe('uncertainty: a single lognormal asset', () => {
  const years = 10;
  const trials = 10_000;
  const S = 0.16;
  const [batch] = runTrialBatch(
    singleAsset(16),
    { as_of: AS_OF, years, trials, seed: 2026 },
    { first_trial: 0, count: trials },
  );
  const samples = batch.sample_months.length;
  const terminal = Float64Array.from({ length: trials }, (_, t) => batch.net_worth[t * samples + samples - 1]);

  it('has the analytic mean and median of the terminal value within 3 standard errors (10,000 trials)', () => {
    const median = 100_000 * 1.07 ** years;
    const mean = median * Math.exp((S * S * years) / 2);
    const sd = mean * Math.sqrt(Math.exp(S * S * years) - 1);
    const seMean = sd / Math.sqrt(trials);
    // The sample median's standard error: 1 / (2 f(m) sqrt(n)), f the lognormal density at its median.
    const seMedian = (median * S * Math.sqrt(years) * Math.sqrt(Math.PI / 2)) / Math.sqrt(trials);
    const sampleMean = terminal.reduce((a, b) => a + b, 0) / trials;
    const sorted = terminal.slice().sort();
    const sampleMedian = quantileSorted(sorted, 0.5);
    expect(Math.abs(sampleMean - mean)).toBeLessThan(3 * seMean);
    expect(Math.abs(sampleMedian - median)).toBeLessThan(3 * seMedian);
    // The log terminal value's standard deviation is S sqrt(T) (within 3 standard errors of an sd: sd / sqrt(2n)).
    const logs = Array.from(terminal, (v) => Math.log(v));
    const logMean = logs.reduce((a, b) => a + b, 0) / trials;
    const logSd = Math.sqrt(logs.reduce((a, b) => a + (b - logMean) ** 2, 0) / (trials - 1));
    expect(Math.abs(logSd - S * Math.sqrt(years))).toBeLessThan((3 * S * Math.sqrt(years)) / Math.sqrt(2 * trials));
  });

  it('reports the median and the goal probability consistently with the analytic distribution', () => {
    const median = 100_000 * 1.07 ** years;
    const result = runUncertainty(singleAsset(16), {
      as_of: AS_OF,
      years,
      trials: 4000,
      seed: 7,
      goal: { amount: median, date: '2036-11-30' },
    });
    const s = result.scenarios[0];
    // P(V >= median) = 1/2; the binomial standard error at 4,000 trials is 0.0079.
    expect(Math.abs((s.goal_probability ?? 0) - 0.5)).toBeLessThan(3 * 0.0079);
    const p90 = median * Math.exp(1.2815515655 * S * Math.sqrt(years));
    expect(Math.abs(s.nominal.p90[s.nominal.p90.length - 1] / p90 - 1)).toBeLessThan(0.03);
  });
});

describe('uncertainty: correlated factors', () => {
  it('draws monthly factors whose sample correlations are within 0.02 of the assumption', () => {
    const u = DEFAULT_UNCERTAINTY;
    const months = 120;
    const model = buildMarketModel(u, months, 2.5);
    const path = allocateMarketPath(months);
    const streams = new TrialStreams(11, 0);
    const n = FACTOR_COUNT;
    const sums = new Float64Array(n);
    const cross = new Float64Array(n * n);
    let count = 0;
    for (let trial = 0; trial < 400; trial++) {
      drawMarketPath(model, streams.next(), path);
      for (let step = 1; step <= months; step++) {
        for (let i = 0; i < n; i++) {
          const x = path.normals[step * n + i];
          sums[i] += x;
          for (let j = 0; j < n; j++) cross[i * n + j] += x * path.normals[step * n + j];
        }
        count++;
      }
    }
    const c = correlationMatrix(u.correlations);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const cov = (k: number, l: number) => cross[k * n + l] / count - (sums[k] / count) * (sums[l] / count);
        const r = cov(i, j) / Math.sqrt(cov(i, i) * cov(j, j));
        expect(Math.abs(r - c[i * n + j]), `${MARKET_FACTORS[i]}:${MARKET_FACTORS[j]}`).toBeLessThan(0.02);
      }
    }
  });

  it('correlates two asset accounts’ returns as assumed (shares and property at 0.2, shares and super at 0.85)', () => {
    const u = resolveUncertaintyAssumptions({ correlations: { [correlationKey('property', 'investment')]: 0.5 } });
    expect(u.correlations['investment:property']).toBe(0.5);
    const model = buildMarketModel(u, 240, 2.5);
    const path = allocateMarketPath(240);
    const streams = new TrialStreams(3, 0);
    const xs: number[] = [];
    const ys: number[] = [];
    for (let trial = 0; trial < 200; trial++) {
      drawMarketPath(model, streams.next(), path);
      for (let step = 1; step <= 240; step++) {
        xs.push(Math.log1p(path.typeGrowth[step * 5 + 2])); // investment
        ys.push(Math.log1p(path.typeGrowth[step * 5 + 4])); // property
      }
    }
    const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
    const mx = mean(xs);
    const my = mean(ys);
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let k = 0; k < xs.length; k++) {
      sxy += (xs[k] - mx) * (ys[k] - my);
      sxx += (xs[k] - mx) ** 2;
      syy += (ys[k] - my) ** 2;
    }
    expect(Math.abs(sxy / Math.sqrt(sxx * syy) - 0.5)).toBeLessThan(0.02);
    // Each monthly log return has the annual volatility / sqrt(12).
    expect(Math.abs(Math.sqrt(sxx / xs.length) - 0.16 / Math.sqrt(12))).toBeLessThan(0.001);
  });
});

describe('uncertainty: interest rates', () => {
  const loan = (rate_volatility: number) => ({
    assumptions: { account_type_rates: { loan: 1 }, uncertainty: { rate_volatility, inflation_volatility: 0 } },
    accounts: [{ id: 'car', name: 'Loan', account_type: 'loan', current_balance: -10_000, is_asset: false }],
    recurring_items: [],
    scenarios: [],
  });

  it('keeps debts deterministic without rate volatility, and spreads them (never below a zero rate) with it', () => {
    const fixed = runUncertainty(loan(0), { as_of: AS_OF, years: 5, trials: 50, seed: 4 }).scenarios[0];
    expect(fixed.nominal.p10).toEqual(fixed.nominal.p90);
    const [batch] = runTrialBatch(
      loan(5),
      { as_of: AS_OF, years: 5, trials: 200, seed: 4 },
      { first_trial: 0, count: 200 },
    );
    const n = batch.sample_months.length;
    let spread = false;
    for (let t = 0; t < 200; t++) {
      for (let j = 1; j < n; j++) {
        // Net worth is minus what is owed: with no repayments it never rises (a rate never goes below zero).
        expect(batch.net_worth[t * n + j]).toBeLessThanOrEqual(batch.net_worth[t * n + j - 1]);
      }
      if (batch.net_worth[t * n + n - 1] !== batch.net_worth[n - 1]) spread = true;
    }
    expect(spread).toBe(true);
  });
});

describe('uncertainty: Cholesky factor', () => {
  it('reproduces the matrix (L Lt = C) for the default correlations', () => {
    const c = correlationMatrix(DEFAULT_UNCERTAINTY.correlations);
    const n = FACTOR_COUNT;
    const l = cholesky(c, n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let k = 0; k < n; k++) s += l[i * n + k] * l[j * n + k];
        expect(s).toBeCloseTo(c[i * n + j], 12);
        if (j > i) expect(l[i * n + j]).toBe(0);
      }
  });

  it('matches a hand-computed 2 x 2 factor and refuses matrices that are not positive definite', () => {
    expect(Array.from(cholesky([1, 0.6, 0.6, 1], 2))).toEqual([1, 0, 0.6, 0.8]);
    expect(() => cholesky([1, 1, 1, 1], 2)).toThrow(NotPositiveDefiniteError);
    expect(() => cholesky([1, 0.9, 0.9, 0.9, 1, -0.9, 0.9, -0.9, 1], 3)).toThrow(/not positive definite/);
    expect(() => cholesky([1, 0.5, 0.4, 1], 2)).toThrow(/not symmetric/);
  });
});

describe('uncertainty: percentiles (type 7)', () => {
  it('interpolates linearly between order statistics', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([10], 0.9)).toBe(10);
    expect(quantileSorted([0, 10], 0.1)).toBe(1);
  });

  it('are monotone in p and lie between the smallest and largest value (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, a, b) => {
          const sorted = Float64Array.from(values).sort();
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const qa = quantileSorted(sorted, lo);
          const qb = quantileSorted(sorted, hi);
          return qa <= qb && qa >= sorted[0] && qb <= sorted[sorted.length - 1];
        },
      ),
    );
  });

  it('by selection equal those of a full sort, duplicates and all (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.constantFrom(0, 1, -1)), {
          minLength: 1,
          maxLength: 300,
        }),
        (values) => {
          const sorted = Float64Array.from(values).sort();
          const ps = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1];
          const expected = ps.map((p) => quantileSorted(sorted, p));
          const got = quantilesInPlace(Float64Array.from(values), ps);
          return got.every((q, i) => Object.is(q, expected[i]) || q === expected[i]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('give p10 <= p25 <= p50 <= p75 <= p90 at every month of a run, nominal and real (property over seeds)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 1, max: 40 }), (seed, trials) => {
        const r = runUncertainty(singleAsset(20, 5), { as_of: AS_OF, years: 3, trials, seed });
        for (const s of r.scenarios)
          for (const series of [s.nominal, s.real])
            for (let j = 0; j < series.p50.length; j++)
              if (!(
                series.p10[j] <= series.p25[j] &&
                series.p25[j] <= series.p50[j] &&
                series.p50[j] <= series.p75[j] &&
                series.p75[j] <= series.p90[j]
              ))
                return false;
        return true;
      }),
      { numRuns: 30 },
    );
  });
});
