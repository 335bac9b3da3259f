// The market model (docs/uncertainty.md): per trial, one correlated path of monthly returns, inflation and rates,
// shared by every scenario (common random numbers). Pure arithmetic on typed arrays; no allocation per trial.
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';
import { EngineInputError } from '../model/issues';
import {
  FACTOR_OF_TYPE,
  MARKET_FACTORS,
  RETURN_TYPES,
  correlationKey,
  type UncertaintyAssumptions,
} from '../model/uncertainty-assumptions';
import { KIND_GROWTH } from '../simulate/index';
import { NotPositiveDefiniteError, cholesky } from './cholesky';
import { fillStandardNormals } from './random';

export const FACTOR_COUNT = MARKET_FACTORS.length;
export const TYPE_COUNT = RETURN_TYPES.length;
const INFLATION = MARKET_FACTORS.indexOf('inflation');
const RATES = MARKET_FACTORS.indexOf('rates');

/** Monthly persistence of the rate deviation (AR(1)): a half-life of about 34 months. */
export const RATE_PERSISTENCE = 0.98;

/** What the market model needs from the assumptions, in monthly units. */
export type MarketModel = {
  months: number;
  /** Lower-triangular Cholesky factor of the factor correlations (FACTOR_COUNT squared, row-major). */
  chol: Float64Array;
  /** False when every volatility is zero: no draws, every trial is the deterministic path (plus any stress). */
  random: boolean;
  /** Per return type (RETURN_TYPES order): the monthly log-return standard deviation. */
  typeSd: Float64Array;
  /**
   * Per return type: the `expected` override, percent a year (NaN: none). Each account's median month is measured
   * against its own deterministic rate (expectedMonthlyRate), never the type's default rate.
   */
  typeExpected: Float64Array;
  typeFactor: Int32Array;
  /** The deterministic inflation rate, percent a year (today's dollars use deflator() of it). */
  inflationPercent: number;
  inflationSd: number;
  /** The monthly innovation of the rate deviation (annual rate as a decimal). */
  rateInnovationSd: number;
  /** Stress: months 1..n with inflation at `inflationStressPercent`. */
  inflationStressMonths: number;
  inflationStressPercent: number;
};

/** The correlation matrix of MARKET_FACTORS (row-major) from the pairwise assumptions. */
export function correlationMatrix(correlations: Record<string, number>): Float64Array {
  const n = FACTOR_COUNT;
  const c = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      c[i * n + j] = i === j ? 1 : (correlations[correlationKey(MARKET_FACTORS[i], MARKET_FACTORS[j])] ?? 0);
    }
  }
  return c;
}

/** The model for `months` steps. */
export function buildMarketModel(u: UncertaintyAssumptions, months: number, inflationPercent: number): MarketModel {
  let chol: Float64Array;
  try {
    chol = cholesky(correlationMatrix(u.correlations), FACTOR_COUNT);
  } catch (err) {
    if (!(err instanceof NotPositiveDefiniteError)) throw err;
    throw new EngineInputError([
      {
        path: '$.assumptions.uncertainty.correlations',
        message:
          'these correlations cannot all hold at once (the matrix is not positive definite): ' +
          'lower the largest ones or make them consistent',
      },
    ]);
  }
  const typeSd = new Float64Array(TYPE_COUNT);
  const typeExpected = new Float64Array(TYPE_COUNT).fill(NaN);
  const typeFactor = new Int32Array(TYPE_COUNT);
  let random = false;
  RETURN_TYPES.forEach((t, i) => {
    const r = u.returns[t];
    typeSd[i] = r.volatility / 100 / Math.sqrt(12);
    typeFactor[i] = MARKET_FACTORS.indexOf(FACTOR_OF_TYPE[t]);
    if (r.expected !== null) typeExpected[i] = r.expected;
    if (typeSd[i] > 0) random = true;
  });
  const inflationSd = u.inflation_volatility / 100 / Math.sqrt(12);
  const rateInnovationSd = (u.rate_volatility / 100) * Math.sqrt(1 - RATE_PERSISTENCE * RATE_PERSISTENCE);
  if (inflationSd > 0 || rateInnovationSd > 0) random = true;
  return {
    months,
    chol,
    random,
    typeSd,
    typeExpected,
    typeFactor,
    inflationPercent,
    inflationSd,
    rateInnovationSd,
    inflationStressMonths: 0,
    inflationStressPercent: inflationPercent,
  };
}

/** One trial's market, step-major with row 0 unused (step k = month k after as_of). */
export type MarketPath = {
  /** (months + 1) x FACTOR_COUNT correlated standard normals. */
  normals: Float64Array;
  /** (months + 1) x TYPE_COUNT: exp(sd * normal) - 1, the month's growth factor beyond the median's (lognormal). */
  typeGrowth: Float64Array;
  /** (months + 1): the deviation of every debt's (and loan's) monthly rate from its deterministic rate. */
  rateDeviation: Float64Array;
  /** (months + 1): today's dollars are deflator(inflation, k) x this (1 with no inflation surprise). */
  deflatorFactor: Float64Array;
};

export function allocateMarketPath(months: number): MarketPath {
  return {
    normals: new Float64Array((months + 1) * FACTOR_COUNT),
    typeGrowth: new Float64Array((months + 1) * TYPE_COUNT),
    rateDeviation: new Float64Array(months + 1),
    deflatorFactor: new Float64Array(months + 1).fill(1),
  };
}

/**
 * The monthly rate an asset account of `kind` would have in the deterministic forecast at `annualPercent`
 * (docs/forecast-engine.md: compounding for property, investments and super, r / 12 for cash): the median month
 * of an account whose type has an `expected` return. So the median path grows exactly as the deterministic
 * forecast would with the account's rate at `expected`, whatever the account's own rate.
 */
export function expectedMonthlyRate(kind: number, annualPercent: number): number {
  const r = annualPercent / 100;
  return kind === KIND_GROWTH ? Math.pow(1 + r, 1 / 12) - 1 : r / 12;
}

/** Draws one trial's path into `path` (rng null: no randomness, the deterministic path with the model's stress). */
export function drawMarketPath(model: MarketModel, rng: JumpableRandomGenerator | null, path: MarketPath): void {
  const { months, chol, typeSd, typeFactor, inflationSd, rateInnovationSd } = model;
  const { normals, typeGrowth, rateDeviation, deflatorFactor } = path;
  const n = FACTOR_COUNT;
  if (rng) {
    fillStandardNormals(rng, normals.subarray(n));
    // y = L z in place, row by row from the last factor (each y_i needs z_0..z_i only).
    for (let step = 1; step <= months; step++) {
      const row = step * n;
      for (let i = n - 1; i >= 0; i--) {
        let y = 0;
        for (let j = 0; j <= i; j++) y += chol[i * n + j] * normals[row + j];
        normals[row + i] = y;
      }
    }
  } else normals.fill(0);
  const baseInflationLog = Math.log1p(model.inflationPercent / 100) / 12;
  // Worked out here, not in the loop's stress branch: code a stress test reaches only later would have no type
  // feedback in the optimised loop, and throw it away (a deoptimisation) the first time it ran.
  const stressMean = Math.log1p(model.inflationStressPercent / 100) / 12 - baseInflationLog;
  let surprise = 0;
  let deviation = 0;
  deflatorFactor[0] = 1;
  for (let step = 1; step <= months; step++) {
    const row = step * n;
    const typeRow = step * TYPE_COUNT;
    for (let t = 0; t < TYPE_COUNT; t++) {
      const shock = typeSd[t] * normals[row + typeFactor[t]];
      typeGrowth[typeRow + t] = shock === 0 ? 0 : Math.expm1(shock);
    }
    const mean = step <= model.inflationStressMonths ? stressMean : 0;
    surprise += mean + inflationSd * normals[row + INFLATION];
    deflatorFactor[step] = surprise === 0 ? 1 : Math.exp(-surprise);
    deviation = RATE_PERSISTENCE * deviation + rateInnovationSd * normals[row + RATES];
    rateDeviation[step] = deviation / 12;
  }
}
