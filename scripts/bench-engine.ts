// `npm run bench`: times the engine on a heavy profile (5 scenarios x 30 years, 60 accounts, 300 recurring
// items, 10 events per scenario across every template) against a hand-written flat typed-array loop doing the
// same month-by-item arithmetic (the floor), and a light 1-scenario forecast for per-call overhead. The heavy
// compare is timed with a new simulator per call and with one kept across calls, as the worker keeps one.
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  ACCOUNT_TYPES,
  FREQUENCIES,
  TEMPLATES,
  cents,
  compare,
  createSimulator,
  dateToDayNumber,
  defaultEventCompiler,
  forEachOccurrence,
  forecast,
  forecastPrepared,
  lastDayOfMonthIndex,
  prepareProfile,
  monthIndexOf,
  resolveAssumptions,
  validateTemplateParameters,
  type CompileContext,
  type ProfileInput,
  type Template,
} from '../worker/engine/index';

const AS_OF = '2026-11-21';
const YEARS = 30;
const RUNS = Number(process.env.BENCH_RUNS ?? 41);
/**
 * Runs of each timed function before timing starts. A heavy compare needs about 35 runs before the optimising
 * compiler has finished with it on a loaded 2-core machine (the first runs take 2 to 5 times as long, and the
 * compiler's background thread competes for a core), so 10 runs timed the warm-up into the first interleaved pair.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 60);

/** A deterministic pseudo-random sequence (the bench must not vary from run to run). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The heavy profile (deterministic): also what the compare screen's browser test and benchmark seed. */
export function heavyProfile(): ProfileInput {
  const rand = rng(42);
  const accounts = Array.from({ length: 60 }, (_, i) => {
    const account_type = ACCOUNT_TYPES[i % ACCOUNT_TYPES.length];
    const is_asset = !['mortgage', 'loan', 'credit_card'].includes(account_type);
    const size = account_type === 'property' || account_type === 'mortgage' ? 600_000 : 20_000;
    return {
      id: `acc-${i}`,
      name: `${account_type} ${i}`,
      account_type,
      is_asset,
      current_balance: Math.round((is_asset ? 1 : -1) * size * (0.5 + rand())),
    };
  });
  const recurring_items = Array.from({ length: 300 }, (_, i) => ({
    id: `ri-${i}`,
    name: `Item ${i}`,
    amount: cents((i % 4 === 0 ? 1 : -1) * (50 + rand() * 3000)),
    frequency: FREQUENCIES[i % FREQUENCIES.length],
    start_date: `20${20 + (i % 10)}-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    end_date: i % 7 === 0 ? '2045-06-30' : null,
    account_id: `acc-${(i * 7) % 60}`,
    category_id: i % 4 === 0 ? 'cat-income' : 'cat-expense',
    is_active: i % 13 !== 0,
  }));
  const pickAccount = (name: string): string | null => {
    if (name.startsWith('debt')) return 'acc-3'; // mortgage
    if (name.startsWith('property')) return 'acc-5';
    if (name.startsWith('super')) return 'acc-7';
    return 'acc-0';
  };
  const params = (t: Template, isBaseline: boolean): Record<string, unknown> => {
    const p: Record<string, unknown> = {};
    for (const x of t.parameters) {
      const dflt = isBaseline && x.baseline_default !== undefined ? x.baseline_default : x.default;
      if (x.name.includes('account_id')) p[x.name] = pickAccount(x.name);
      else if (x.type === 'recurring_item') p[x.name] = 'ri-4';
      else if (x.type === 'date') p[x.name] = '2028-03-01';
      else if (dflt !== undefined && dflt !== null) p[x.name] = dflt;
      else if (x.type === 'select') p[x.name] = x.options?.[0]?.value ?? null;
      else if (x.type === 'boolean') p[x.name] = false;
      else if (x.type === 'text') p[x.name] = 'Thing';
      else if (x.type === 'decimal' || x.type === 'integer') {
        const guess = /rate|percent|return/.test(x.name)
          ? 5
          : /years/.test(x.name)
            ? 5
            : /weeks/.test(x.name)
              ? 12
              : /price|balance|amount|salary|drawdown/.test(x.name)
                ? 50_000
                : 1000;
        p[x.name] = Math.min(x.max_value ?? guess, Math.max(x.min_value ?? 0, guess));
      }
    }
    if ('deposit_amount' in p && typeof p.purchase_price === 'number')
      p.deposit_amount = Math.round(p.purchase_price * 0.2);
    if ('is_permanent' in p) p.is_permanent = true;
    return p;
  };
  const usable = (t: Template, isBaseline: boolean) =>
    validateTemplateParameters(t, params(t, isBaseline), { is_baseline: isBaseline, trigger_month: '2028-03' })
      .length === 0;
  const all = TEMPLATES.filter((t) => t.template_id !== 'baseline' && usable(t, false));
  const baselineTemplates = TEMPLATES.filter(
    (t) => t.supports_baseline && t.template_id !== 'baseline' && usable(t, true),
  );
  const skipped = TEMPLATES.filter((t) => t.template_id !== 'baseline' && !all.includes(t)).map((t) => t.template_id);
  if (skipped.length > 0)
    console.log(`(templates left out, their generated parameters did not validate: ${skipped.join(', ')})`);
  let cursor = 0;
  const scenarios = Array.from({ length: 5 }, (_, s) => {
    const isBaseline = s === 0;
    const pool = isBaseline ? baselineTemplates : all;
    const events = Array.from({ length: 10 }, (_, e) => {
      const t = pool[(isBaseline ? e : cursor++) % pool.length];
      return {
        id: `ev-${s}-${e}`,
        scenario_id: `sc-${s}`,
        name: t.name,
        trigger_month: `20${27 + (e % 8)}-0${1 + (e % 9)}`,
        template_id: t.template_id,
        template_parameters: params(t, isBaseline),
      };
    });
    return { id: `sc-${s}`, name: `Scenario ${s}`, is_baseline: isBaseline, events, modifications: [] };
  });
  return {
    categories: [
      { id: 'cat-income', name: 'Income', type: 'income' as const },
      { id: 'cat-expense', name: 'Expenses', type: 'expense' as const },
    ],
    accounts,
    recurring_items,
    scenarios,
  } as ProfileInput;
}

function lightProfile(): ProfileInput {
  return {
    accounts: [
      { id: 'chk', name: 'Everyday', account_type: 'checking', current_balance: 4000, is_asset: true },
      { id: 'sav', name: 'Savings', account_type: 'savings', current_balance: 15000, is_asset: true },
      { id: 'sup', name: 'Super', account_type: 'superannuation', current_balance: 60000, is_asset: true },
    ],
    recurring_items: [
      {
        id: 'pay',
        name: 'Pay',
        amount: 2400,
        frequency: 'fortnightly',
        start_date: '2026-01-09',
        end_date: null,
        account_id: 'chk',
        category_id: 'i',
        is_active: true,
      },
      {
        id: 'rent',
        name: 'Rent',
        amount: -600,
        frequency: 'weekly',
        start_date: '2026-01-05',
        end_date: null,
        account_id: 'chk',
        category_id: 'e',
        is_active: true,
      },
      {
        id: 'food',
        name: 'Food',
        amount: -900,
        frequency: 'monthly',
        start_date: '2026-01-15',
        end_date: null,
        account_id: 'chk',
        category_id: 'e',
        is_active: true,
      },
    ],
    scenarios: [],
  } as ProfileInput;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function time(fn: () => void, runs: number): number {
  for (let i = 0; i < WARMUP; i++) fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    xs.push(performance.now() - t0);
  }
  return median(xs);
}

/** Times a and b alternately (after warming both), so machine load falls on both alike: their medians. */
function timePair(a: () => void, b: () => void, runs: number): [number, number] {
  for (let i = 0; i < WARMUP; i++) {
    a();
    b();
  }
  const xa: number[] = [];
  const xb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    a();
    xa.push(performance.now() - t0);
    t0 = performance.now();
    b();
    xb.push(performance.now() - t0);
  }
  return [median(xa), median(xb)];
}

/** CPU time of this process so far, in ms (every thread: the collector's and compiler's work counts too). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * timePair by CPU time instead of wall time: on a shared, loaded machine a run's wall time includes the time it
 * waited for a core, which CPU time leaves out, so these medians move far less with other load.
 */
function timePairCpu(a: () => void, b: () => void, runs: number): [number, number] {
  for (let i = 0; i < WARMUP; i++) {
    a();
    b();
  }
  const xa: number[] = [];
  const xb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = cpuMs();
    a();
    xa.push(cpuMs() - t0);
    t0 = cpuMs();
    b();
    xb.push(cpuMs() - t0);
  }
  return [median(xa), median(xb)];
}

/**
 * The floor: the same month-by-item arithmetic as the heavy compare (each scenario's recurring items and
 * event primitives, every month, plus every account's monthly rate), as a flat loop over typed arrays with
 * each item's per-month amount already laid out, plus the per-month work every scenario now carries in its
 * simplest form: the tax settlement (the year's taxable income so far annualised, bracket tax and levy on it,
 * the difference from what was charged taken from cash, reset each July) and, from the retirement date, the
 * retirement phase (a yearly minimum drawdown paid monthly from super to cash, and an assets test over every
 * account with a tapered pension paid to cash). Each loan amortises as the engine's do: interest on what is owed,
 * interest only for its first months, then a repayment worked out once (PMT over the remaining term) paid from
 * cash until nothing is owed. Every month writes the figures a forecast returns (net worth, assets,
 * liabilities, liquid cash, income, expenses, cash flow, capital growth, tax), with the flows' income and
 * expenses totalled per month in setup as the engine totals them when compiling. No validation, no schedule
 * expansion.
 */
function floorSetup(profile: ProfileInput) {
  const m0 = monthIndexOf(AS_OF);
  const M = YEARS * 12 + 1;
  const asOfDay = dateToDayNumber(AS_OF);
  const lastDay = dateToDayNumber(lastDayOfMonthIndex(m0 + M));
  const accountIndex = new Map(profile.accounts.map((a, i) => [a.id, i]));
  const assumptions = resolveAssumptions(null);
  const baseline = (profile.scenarios ?? []).find((sc) => sc.is_baseline);
  const scenarios = (profile.scenarios ?? []).map((sc) => {
    const flows: Array<{ acc: number; amount: number; occ: Float64Array }> = [];
    const loans: Array<{ owed: number; rate: number; start: number; term: number; interestOnly: number }> = [];
    const taxable = new Float64Array(M); // the taxed flows' amounts per month, laid out like the items'
    let retireStep = M; // first month of the retirement phase (M: none)
    const addSchedule = (
      acc: number,
      amount: number,
      schedule:
        | { type: 'once'; date: string }
        | { type: 'recurring'; frequency: (typeof FREQUENCIES)[number]; start_date: string; end_date: string | null },
      taxed = false,
    ) => {
      const occ = new Float64Array(M);
      if (schedule.type === 'once') {
        const k = Math.max(1, monthIndexOf(schedule.date) - m0);
        if (k < M) occ[k] = 1;
      } else
        forEachOccurrence(schedule, asOfDay + 1, lastDay, (day) => {
          const k = Math.max(1, monthIndexOf(new Date(day * 86_400_000).toISOString()) - m0);
          if (k < M) occ[k] += 1;
        });
      flows.push({ acc, amount, occ });
      if (taxed) for (let k = 0; k < M; k++) taxable[k] += amount * occ[k];
    };
    for (const r of profile.recurring_items) {
      if (r.is_active)
        addSchedule(accountIndex.get(r.account_id) ?? 0, r.amount, {
          type: 'recurring',
          frequency: r.frequency,
          start_date: r.start_date,
          end_date: r.end_date ?? null,
        });
    }
    // As in the engine, the baseline's events are part of every scenario.
    const events = [
      ...(baseline && !sc.is_baseline ? (baseline.events ?? []).map((e) => ({ e, isBaseline: true })) : []),
      ...(sc.events ?? []).map((e) => ({ e, isBaseline: sc.is_baseline })),
    ];
    for (const { e, isBaseline } of events) {
      const ctx: CompileContext = {
        event_id: e.id,
        event_name: e.name,
        trigger_month: e.trigger_month,
        is_baseline: isBaseline,
        assumptions,
        accounts: [],
        recurring_items: [],
      };
      const primitives = defaultEventCompiler(e as never, ctx);
      for (const p of primitives) {
        if (p.kind === 'flow') addSchedule(0, p.amount, p.schedule, p.tax !== undefined);
        if (p.kind === 'retirement') retireStep = Math.min(retireStep, Math.max(1, monthIndexOf(p.date) - m0));
        if (p.kind === 'transfer') addSchedule(0, typeof p.amount === 'number' ? p.amount : 0, p.schedule);
        if (p.kind === 'loan') {
          // What is owed: the event's own debt account's opening balance (a profile account's otherwise).
          const own = primitives.find((a) => a.kind === 'account' && a.key === p.account);
          const held = profile.accounts.find((a) => a.id === p.account);
          const owed = own?.kind === 'account' ? Math.abs(own.opening_balance) : Math.abs(held?.current_balance ?? 0);
          loans.push({
            owed,
            rate: p.annual_rate / 1200,
            start: monthIndexOf(p.start) - m0,
            term: p.term_months,
            interestOnly: p.interest_only_months ?? 0,
          });
        }
      }
    }
    const n = flows.length;
    const acc = new Int32Array(n);
    const amt = new Float64Array(n * M); // item-major per-month amounts
    const flowIncome = new Float64Array(M);
    const flowExpense = new Float64Array(M);
    flows.forEach((f, i) => {
      acc[i] = f.acc;
      for (let k = 0; k < M; k++) {
        const v = f.amount * f.occ[k];
        amt[i * M + k] = v;
        if (v > 0) flowIncome[k] += v;
        else flowExpense[k] -= v;
      }
    });
    const L = loans.length;
    const loanOwed = Float64Array.from(loans, (l) => l.owed);
    const loanRate = Float64Array.from(loans, (l) => l.rate);
    const loanStart = Int32Array.from(loans, (l) => l.start);
    const loanTerm = Int32Array.from(loans, (l) => l.term);
    const loanInterestOnly = Int32Array.from(loans, (l) => l.interestOnly);
    return {
      n,
      acc,
      amt,
      taxable,
      retireStep,
      flowIncome,
      flowExpense,
      L,
      loanOwed,
      loanRate,
      loanStart,
      loanTerm,
      loanInterestOnly,
    };
  });
  const A = profile.accounts.length;
  const rate = new Float64Array(A);
  profile.accounts.forEach((a, i) => (rate[i] = assumptions.account_type_rates[a.account_type] / 1200));
  const opening = new Float64Array(profile.accounts.map((a) => a.current_balance));
  const isAsset = new Uint8Array(profile.accounts.map((a) => (a.is_asset ? 1 : 0)));
  const isLiquid = new Uint8Array(
    profile.accounts.map((a) => (['checking', 'savings'].includes(a.account_type) ? 1 : 0)),
  );
  const isGrowth = new Uint8Array(
    profile.accounts.map((a) => (['investment', 'property', 'superannuation'].includes(a.account_type) ? 1 : 0)),
  );
  const superRow = Math.max(
    0,
    profile.accounts.findIndex((a) => a.account_type === 'superannuation'),
  );
  // Calendar month (0 = January) of step 0, for the financial year's July.
  const firstMonth = m0 % 12;
  return { scenarios, M, A, rate, opening, isAsset, isLiquid, isGrowth, superRow, firstMonth };
}

// The floor's tax table: thresholds and marginal rates of one year's brackets, and a flat levy.
const FLOOR_BRACKETS = new Float64Array([18_200, 45_000, 135_000, 190_000, Infinity]);
const FLOOR_RATES = new Float64Array([0, 0.16, 0.3, 0.37, 0.45]);
const FLOOR_LEVY = 0.02;

function floorTax(income: number): number {
  let tax = 0;
  let below = 0;
  for (let b = 0; b < FLOOR_BRACKETS.length && income > below; b++) {
    tax += (Math.min(income, FLOOR_BRACKETS[b]) - below) * FLOOR_RATES[b];
    below = FLOOR_BRACKETS[b];
  }
  return tax + (income > 0 ? income * FLOOR_LEVY : 0);
}

function floorRun(setup: ReturnType<typeof floorSetup>): number {
  let check = 0;
  const { M, A, rate, opening, isAsset, isLiquid, isGrowth, superRow, firstMonth } = setup;
  for (const sc of setup.scenarios) {
    const bal = Float64Array.from(opening);
    // The figures a forecast returns, one column each.
    const net = new Float64Array(M);
    const assetsCol = new Float64Array(M);
    const liabilitiesCol = new Float64Array(M);
    const liquidCol = new Float64Array(M);
    const incomeCol = new Float64Array(M);
    const expenseCol = new Float64Array(M);
    const cashFlowCol = new Float64Array(M);
    const growthCol = new Float64Array(M);
    const taxCol = new Float64Array(M);
    const { taxable, retireStep, flowIncome, flowExpense, L, loanRate, loanStart, loanTerm, loanInterestOnly } = sc;
    const owed = Float64Array.from(sc.loanOwed);
    const repayment = new Float64Array(L).fill(NaN);
    let soFar = 0;
    let elapsed = 0;
    let charged = 0;
    let minimum = 0;
    for (let k = 1; k < M; k++) {
      const july = (firstMonth + k) % 12 === 6;
      let growth = 0;
      let income = flowIncome[k];
      let expense = flowExpense[k];
      for (let a = 0; a < A; a++) {
        const gain = bal[a] * rate[a];
        bal[a] += gain;
        if (isGrowth[a]) growth += gain;
        else if (gain > 0) income += gain;
        else expense -= gain;
      }
      for (let i = 0; i < sc.n; i++) bal[sc.acc[i]] += sc.amt[i * M + k];
      // Loans: interest on what is owed, then the month's repayment from cash (interest only at first).
      let owing = 0;
      for (let l = 0; l < L; l++) {
        const number = k - loanStart[l];
        if (number < 1 || !(owed[l] > 0.004)) continue;
        const interest = owed[l] * loanRate[l];
        let pay = interest;
        if (number > loanInterestOnly[l]) {
          if (Number.isNaN(repayment[l])) {
            const r = loanRate[l];
            const n = Math.max(1, loanTerm[l] - (number - 1));
            repayment[l] = r === 0 ? owed[l] / n : (owed[l] * r) / (1 - Math.pow(1 + r, -n));
          }
          pay = repayment[l];
        }
        pay = Math.min(pay, owed[l] + interest);
        owed[l] += interest - pay;
        expense += interest;
        bal[0] -= pay;
        owing += owed[l];
      }
      // Tax: this financial year's income so far, annualised, taxed; the difference from what was charged.
      if (july || k === 1) {
        soFar = 0;
        elapsed = 0;
        charged = 0;
      }
      soFar += taxable[k];
      elapsed++;
      const annual = (soFar * 12) / elapsed;
      const due = (floorTax(annual) * elapsed) / 12 - charged;
      charged += due;
      bal[0] -= due;
      expense += due;
      taxCol[k] = due;
      // Retirement phase: the year's minimum drawdown from super, then the assets-tested pension.
      if (k >= retireStep) {
        if (july || k === retireStep) minimum = Math.max(0, bal[superRow]) * 0.05;
        const draw = Math.min(minimum / 12, Math.max(0, bal[superRow]));
        bal[superRow] -= draw;
        bal[0] += draw;
        let tested = 0;
        for (let a = 0; a < A; a++) if (isAsset[a] && bal[a] > 0) tested += bal[a];
        const pension = Math.max(0, 2_400 - Math.max(0, tested - 500_000) * 0.0025);
        bal[0] += pension;
        income += pension;
      }
      let assets = 0;
      let liabilities = owing;
      let liquid = 0;
      for (let a = 0; a < A; a++) {
        const v = bal[a];
        if (isAsset[a]) {
          assets += v;
          if (isLiquid[a]) liquid += v;
        } else liabilities -= v;
      }
      net[k] = assets - liabilities;
      assetsCol[k] = assets;
      liabilitiesCol[k] = liabilities;
      liquidCol[k] = liquid;
      incomeCol[k] = income;
      expenseCol[k] = expense;
      cashFlowCol[k] = income - expense;
      growthCol[k] = growth;
    }
    check += net[M - 1] + liquidCol[M - 1] + cashFlowCol[M - 1] + growthCol[M - 1] + taxCol[M - 1];
    check += assetsCol[M - 1] - liabilitiesCol[M - 1] - incomeCol[M - 1] + expenseCol[M - 1];
  }
  return check;
}

function main(): void {
  console.log(
    `Load average (1, 5, 15 min) at the start: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
  const heavy = heavyProfile();
  const heavyIds = (heavy.scenarios ?? []).map((s) => s.id);
  const warm = compare(heavy, { as_of: AS_OF, years: YEARS, scenario_ids: heavyIds });
  const warnings = warm.scenarios.reduce((n, s) => n + s.warnings.length, 0);
  if (process.env.BENCH_WARNINGS) console.log(warm.scenarios.flatMap((s) => s.warnings));
  const setup = floorSetup(heavy);
  const floorItems = setup.scenarios.reduce((n, s) => n + s.n, 0);
  let sink = 0;
  const [engineMs, floorMs] = timePair(
    () => compare(heavy, { as_of: AS_OF, years: YEARS, scenario_ids: heavyIds }),
    () => (sink += floorRun(setup)),
    RUNS,
  );
  // The same two, each timed in its own warm loop (the floor then keeps its arrays in cache).
  const engineAloneMs = time(() => compare(heavy, { as_of: AS_OF, years: YEARS, scenario_ids: heavyIds }), RUNS);
  const floorAloneMs = time(() => (sink += floorRun(setup)), RUNS);
  // The worker keeps one simulator and passes it to every call, so its scratch buffers are reused.
  const kept = createSimulator();
  const [engineKeptMs, floorKeptMs] = timePair(
    () => compare(heavy, { as_of: AS_OF, years: YEARS, scenario_ids: heavyIds }, kept),
    () => (sink += floorRun(setup)),
    RUNS,
  );
  const [engineCpuMs, floorCpuMs] = timePairCpu(
    () => compare(heavy, { as_of: AS_OF, years: YEARS, scenario_ids: heavyIds }),
    () => (sink += floorRun(setup)),
    RUNS,
  );
  const light = lightProfile();
  const lightMs = time(() => forecast(light, { as_of: AS_OF, years: YEARS }), RUNS * 4);

  console.log(
    `Heavy profile: ${heavy.accounts.length} accounts, ${heavy.recurring_items.length} recurring items, ${heavyIds.length} scenarios x 10 events, ${YEARS} years (${warnings} engine warnings)`,
  );
  console.log(
    `Engine compare (validate + compile + simulate), median of ${RUNS} after ${WARMUP} warm-up runs each: ${engineMs.toFixed(2)} ms`,
  );
  console.log(
    `Floor (flat typed-array loop, ${floorItems} item rows, amounts pre-laid, monthly tax settlement, retirement phase, amortising loans, every snapshot figure), median of ${RUNS} (interleaved): ${floorMs.toFixed(2)} ms`,
  );
  console.log(`Ratio engine / floor: ${(engineMs / floorMs).toFixed(2)} (target <= 1.5)`);
  console.log(
    `Each in its own loop: engine ${engineAloneMs.toFixed(2)} ms, floor ${floorAloneMs.toFixed(2)} ms, ratio ${(engineAloneMs / floorAloneMs).toFixed(2)} (target <= 2.5)`,
  );
  console.log(
    `With a kept simulator (as the worker runs it), interleaved: engine ${engineKeptMs.toFixed(2)} ms, floor ${floorKeptMs.toFixed(2)} ms, ratio ${(engineKeptMs / floorKeptMs).toFixed(2)}`,
  );
  console.log(
    `By CPU time (steadier under load), interleaved: engine ${engineCpuMs.toFixed(2)} ms, floor ${floorCpuMs.toFixed(2)} ms, ratio ${(engineCpuMs / floorCpuMs).toFixed(2)}`,
  );
  console.log(`Light profile, 1 scenario x ${YEARS} years forecast, median of ${RUNS * 4}: ${lightMs.toFixed(2)} ms`);
  if (!Number.isFinite(sink)) console.log('(floor checksum not finite)');
  console.log(
    `Load average (1, 5, 15 min) at the end: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
  if (process.env.BENCH_MIN) {
    const best = (fn: () => void) => {
      let m = Infinity;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        fn();
        m = Math.min(m, performance.now() - t0);
      }
      return m;
    };
    const e = best(() => compare(heavy, { as_of: AS_OF, years: YEARS, scenario_ids: heavyIds }));
    const f = best(() => (sink += floorRun(setup)));
    console.log(`  best of ${RUNS}: engine ${e.toFixed(2)} ms, floor ${f.toFixed(2)} ms, ratio ${(e / f).toFixed(2)}`);
  }
  if (process.env.BENCH_BREAKDOWN) {
    const prepMs = time(() => prepareProfile(heavy, defaultEventCompiler), RUNS);
    const prepared = prepareProfile(heavy, defaultEventCompiler);
    const simMs = time(
      () => heavyIds.forEach((id) => forecastPrepared(prepared, id, { as_of: AS_OF, years: YEARS })),
      RUNS,
    );
    console.log(`  breakdown: validate ${prepMs.toFixed(2)} ms; compile + simulate 5 scenarios ${simMs.toFixed(2)} ms`);
  }
}

// Importing this file (for heavyProfile) must not start the benchmark.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
