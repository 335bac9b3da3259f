// Scenario composition (docs/forecast-model.md section 6): base = unlinked entities + the baseline
// scenario's events; a non-baseline scenario = base + its own events + its modifications.
// Validates at the boundary and hands primitives to the simulator.
import { z } from 'zod';
import { IsoDateSchema } from '../model/common';
import { ProfileSchema, type Profile } from '../model/backup';
import type { Snapshot } from '../model/comparison';
import { resolveAssumptions } from '../model/assumptions';
import type { ScenarioEvent, ScenarioWithChildren } from '../model/scenario';
import { EngineInputError, fieldErrors, parseOrThrow } from '../model/issues';
import { cents } from '../money';
import type { CompileContext, Primitive, PrimitiveFlow } from '../primitives';
import { buildBaseFlowCache } from './flows';
import { createSimulator } from './simulate';
import { toAccountFigures, toContextAccount, toContextRecurringItem } from '../templates/event-context';
import type { TraceRecorder } from './trace';
import type {
  BaseFlowCache,
  EventCompiler,
  PrimitiveGroup,
  ScenarioForecast,
  ScenarioSummaryFigures,
  SimAccountInput,
  SimulationSpec,
  Simulator,
} from './types';

/** The id under which the base (no scenario) is forecast. */
export const BASE_SCENARIO_ID = 'base';

export const MAX_YEARS = 50;

export const ForecastOptionsSchema = z.object({
  as_of: IsoDateSchema,
  years: z
    .number({ error: 'must be a whole number of years' })
    .int('must be a whole number of years')
    .min(1, 'must be at least 1')
    .max(MAX_YEARS, `must be at most ${MAX_YEARS}`),
});
export type ForecastOptions = z.infer<typeof ForecastOptionsSchema>;

/** Summary figures from every monthly snapshot (never from a sampled list). */
export function summarise(snapshots: ReadonlyArray<Snapshot>): ScenarioSummaryFigures {
  let fromCash = 0;
  let fromGrowth = 0;
  for (let k = 1; k < snapshots.length; k++) {
    fromCash += snapshots[k].cash_flow;
    fromGrowth += snapshots[k].capital_growth;
  }
  const current = snapshots[0]?.net_worth ?? 0;
  const projected = snapshots[snapshots.length - 1]?.net_worth ?? 0;
  return {
    current_net_worth: current,
    projected_net_worth: projected,
    total_change: cents(projected - current),
    from_cash_flow: cents(fromCash),
    from_growth: cents(fromGrowth),
  };
}

type ContextBase = Omit<CompileContext, 'event_id' | 'event_name' | 'trigger_month' | 'is_baseline'>;

function compileContextBase(profile: Profile): ContextBase {
  const baseline = profile.scenarios.find((s) => s.is_baseline);
  return {
    assumptions: resolveAssumptions(profile.assumptions),
    accounts: profile.accounts.map(toContextAccount),
    baseline_event_ids: baseline ? baseline.events.map((e) => e.id) : [],
    // Every scenario's events: a sale dates the purchase of a property by the event that bought it.
    event_months: Object.fromEntries(profile.scenarios.flatMap((s) => s.events.map((e) => [e.id, e.trigger_month]))),
    recurring_items: profile.recurring_items.map(toContextRecurringItem),
  };
}

/**
 * The context one event compiles against: the shared part's fields listed one by one (the type makes every field
 * of CompileContext, optional ones too, appear here). A spread of the shared part made each context about 3
 * microseconds slower to build and the template compilers reading it about 20% slower (profiles of a heavy
 * compare), presumably as the spread objects do not share one fast shape.
 */
function eventContext(base: ContextBase, event: ScenarioEvent, isBaseline: boolean): CompileContext {
  const ctx: { [K in keyof Required<CompileContext>]: CompileContext[K] } = {
    assumptions: base.assumptions,
    accounts: base.accounts,
    baseline_event_ids: base.baseline_event_ids,
    event_months: base.event_months,
    recurring_items: base.recurring_items,
    event_id: event.id,
    event_name: event.name,
    trigger_month: event.trigger_month,
    is_baseline: isBaseline,
  };
  return ctx;
}

/** A prepared profile: validated once, base compiled once, then any scenario forecast from it. */
export type PreparedProfile = {
  profile: Profile;
  baseline: ScenarioWithChildren | null;
  compile: EventCompiler | null;
  /** Active, unlinked recurring items as flows, and the unlinked accounts: the same for every scenario. */
  baseItems: PrimitiveFlow[];
  baseAccounts: SimAccountInput[];
  /** Base item expansions by as_of and years, shared by every scenario forecast from this profile. */
  caches: Map<string, BaseFlowCache>;
  /** Runs this profile's forecasts unless a caller passes its own (its buffers are reused from one to the next). */
  simulator: Simulator;
  compiled: WeakMap<ScenarioEvent, Primitive[]>;
  ctxBase?: ContextBase;
  /** ctxBase plus the accounts the baseline's events declare that the profile does not hold materialised. */
  ctxScenario?: ContextBase;
  /** What every scenario's spec carries unchanged: made once by the first scenario forecast from this profile. */
  shared?: SharedSpecParts;
};

type SharedSpecParts = Pick<SimulationSpec, 'assumptions' | 'linked_accounts' | 'linked_items' | 'entity_id'>;

/**
 * The spec parts that are the same for every scenario of a prepared profile. The entity-id callback remembers its
 * answers, so the baseline's event accounts, part of every scenario, are hashed once per prepared profile.
 */
function sharedSpecParts(prepared: PreparedProfile): SharedSpecParts {
  const { profile } = prepared;
  const entityId = prepared.compile?.entityId;
  let entity_id: SharedSpecParts['entity_id'];
  if (entityId) {
    const ids = new Map<string, string>();
    entity_id = (scope, key) => {
      const k = `${scope}\u0000${key}`;
      let id = ids.get(k);
      if (id === undefined) {
        id = entityId(scope, key);
        ids.set(k, id);
      }
      return id;
    };
  }
  return {
    assumptions: resolveAssumptions(profile.assumptions),
    linked_accounts: profile.accounts
      .filter((a) => a.scenario_event_id)
      .map((a) => ({ id: a.id, scope: a.scenario_event_id as string, name: a.name, account_type: a.account_type })),
    linked_items: profile.recurring_items
      .filter((r) => r.scenario_event_id)
      .map((r) => ({ id: r.id, scope: r.scenario_event_id as string, name: r.name })),
    entity_id,
  };
}

/**
 * The context a non-baseline scenario's events compile against: the baseline's events are part of every
 * scenario, so their accounts (a "My Super" account, say) are pickable defaults even when the profile was
 * not materialised (API, CLI). They carry materialiseEvent's ids, which the simulator resolves.
 */
function scenarioContext(
  prepared: PreparedProfile,
  ctxBase: ContextBase,
  baselineGroups: ReadonlyArray<PrimitiveGroup>,
): ContextBase {
  const entityId = prepared.compile?.entityId;
  if (!entityId || baselineGroups.length === 0) return ctxBase;
  const known = new Set(ctxBase.accounts.map((a) => a.id));
  const extra: Array<ContextBase['accounts'][number]> = [];
  for (const g of baselineGroups) {
    for (const p of g.primitives) {
      if (p.kind !== 'account') continue;
      const id = entityId(g.scope, p.key);
      if (known.has(id)) continue;
      known.add(id);
      extra.push({
        id,
        name: p.name,
        account_type: p.account_type,
        is_asset: p.is_asset,
        current_balance: p.is_asset ? p.opening_balance : -Math.abs(p.opening_balance),
        annual_rate: p.annual_rate ?? null,
        scenario_event_id: g.scope,
      });
    }
  }
  return extra.length === 0 ? ctxBase : { ...ctxBase, accounts: [...ctxBase.accounts, ...extra] };
}

/** `simulator`: the one its forecasts run on by default (a new one unless the caller keeps one across profiles). */
export function prepareProfile(
  input: unknown,
  compile: EventCompiler | null,
  simulator: Simulator = createSimulator(),
): PreparedProfile {
  const profile = parseOrThrow(ProfileSchema, input);
  const baseline = profile.scenarios.find((s) => s.is_baseline) ?? null;
  const baseItems: PrimitiveFlow[] = [];
  for (const r of profile.recurring_items) {
    if (r.scenario_event_id || !r.is_active) continue;
    baseItems.push({
      kind: 'flow',
      key: r.id,
      name: r.name,
      account: r.account_id,
      amount: r.amount,
      schedule: { type: 'recurring', frequency: r.frequency, start_date: r.start_date, end_date: r.end_date ?? null },
      category_id: r.category_id,
    });
  }
  const baseAccounts: SimAccountInput[] = profile.accounts.filter((a) => !a.scenario_event_id).map(toAccountFigures);
  return { profile, baseline, compile, baseItems, baseAccounts, caches: new Map(), simulator, compiled: new WeakMap() };
}

function baseCache(prepared: PreparedProfile, options: ForecastOptions): BaseFlowCache {
  const key = `${options.as_of}|${options.years}`;
  let cache = prepared.caches.get(key);
  if (!cache) {
    cache = buildBaseFlowCache(options.as_of, options.years, prepared.baseAccounts, prepared.baseItems);
    prepared.caches.set(key, cache);
  }
  return cache;
}

function eventGroups(
  prepared: PreparedProfile,
  scenario: ScenarioWithChildren,
  scenarioIndex: number,
  warnings: string[],
  baselineGroups: ReadonlyArray<PrimitiveGroup> = [],
): PrimitiveGroup[] {
  const { profile, compile } = prepared;
  if (scenario.events.length === 0) return [];
  if (!compile) {
    warnings.push(`scenario ${scenario.id}: no template compiler available; its events are not forecast`);
    return [];
  }
  prepared.ctxBase ??= compileContextBase(profile);
  let ctxBase = prepared.ctxBase;
  if (!scenario.is_baseline) ctxBase = prepared.ctxScenario ??= scenarioContext(prepared, ctxBase, baselineGroups);
  const groups: PrimitiveGroup[] = [];
  scenario.events.forEach((event, ei) => {
    try {
      // The baseline's events are part of every scenario: compile each event once per prepared profile (and
      // make its context only then: copying the context for every scenario's pass showed in profiles).
      let primitives = prepared.compiled.get(event);
      if (!primitives) {
        primitives = compile(event, eventContext(ctxBase, event, scenario.is_baseline));
        prepared.compiled.set(event, primitives);
      }
      groups.push({ scope: event.id, primitives });
    } catch (err) {
      const path = `$.scenarios[${scenarioIndex}].events[${ei}]`;
      if (err instanceof EngineInputError) {
        throw new EngineInputError(err.errors.map((e) => ({ path: e.path.replace(/^\$/, path), message: e.message })));
      }
      if (err instanceof z.ZodError) {
        throw new EngineInputError(fieldErrors(err, `${path}.template_parameters`));
      }
      const message = err instanceof Error ? err.message : String(err);
      throw new EngineInputError([{ path: `${path}.template_parameters`, message }]);
    }
  });
  return groups;
}

function modificationPrimitives(
  scenario: ScenarioWithChildren,
  asOf: string,
): {
  primitives: Primitive[];
  balances: Map<string, number>;
} {
  const primitives: Primitive[] = [];
  const balances = new Map<string, number>();
  for (const m of scenario.modifications) {
    switch (m.modification_type) {
      case 'add_recurring': {
        const d = m.modification_data;
        primitives.push({
          kind: 'flow',
          key: m.id,
          name: d.name,
          account: d.account_id,
          amount: d.amount,
          schedule: {
            type: 'recurring',
            frequency: d.frequency,
            start_date: d.start_date,
            end_date: d.end_date ?? null,
          },
          category_id: d.category_id,
        });
        break;
      }
      case 'add_one_time': {
        const d = m.modification_data;
        primitives.push({
          kind: 'flow',
          key: m.id,
          name: d.description ?? '',
          account: d.account_id,
          amount: d.amount,
          schedule: { type: 'once', date: d.date },
          category_id: d.category_id,
        });
        break;
      }
      case 'modify_recurring':
        primitives.push({
          kind: 'adjust_flow',
          key: m.id,
          target: m.target_id,
          from: asOf,
          amount: m.modification_data.amount,
        });
        break;
      case 'modify_account':
        balances.set(m.target_id, m.modification_data.balance);
        break;
    }
  }
  return { primitives, balances };
}

/** The spec step's answer: what one scenario hands the simulator, with its id, name and composition warnings. */
export type ScenarioSpec = {
  scenario_id: string;
  name: string;
  is_baseline: boolean;
  spec: SimulationSpec;
  warnings: string[];
};

/**
 * The spec step: composes one scenario of a prepared profile (the baseline's events, then its own events and
 * modifications) into the simulator's input. scenarioId null or 'base' (with no such scenario) is the base; the
 * baseline scenario's spec is the base alone. Throws EngineInputError for an unknown id or a bad event.
 */
export function scenarioSpec(
  prepared: PreparedProfile,
  scenarioId: string | null,
  options: ForecastOptions,
  trace: TraceRecorder | null = null,
): ScenarioSpec {
  const { profile, baseline } = prepared;
  const index = scenarioId === null ? -1 : profile.scenarios.findIndex((s) => s.id === scenarioId);
  if (scenarioId !== null && index < 0 && scenarioId !== BASE_SCENARIO_ID) {
    throw new EngineInputError([{ path: '$.scenario_id', message: `no scenario with id "${scenarioId}"` }]);
  }
  const scenario = index >= 0 ? profile.scenarios[index] : null;
  const warnings: string[] = [];
  const groups: PrimitiveGroup[] = [];
  if (baseline) groups.push(...eventGroups(prepared, baseline, profile.scenarios.indexOf(baseline), warnings));
  let balances = new Map<string, number>();
  const base: Primitive[] = [];
  if (scenario && !scenario.is_baseline) {
    groups.push(...eventGroups(prepared, scenario, index, warnings, groups.slice()));
    const mods = modificationPrimitives(scenario, options.as_of);
    base.push(...mods.primitives);
    balances = mods.balances;
  }
  const accounts: SimAccountInput[] = prepared.baseAccounts.map((a) => {
    const override = balances.get(a.id);
    return override === undefined ? a : { ...a, current_balance: override };
  });
  for (const a of accounts) balances.delete(a.id);
  for (const id of balances.keys()) warnings.push(`modify_account: account "${id}" is not a base account; ignored`);
  const shared = (prepared.shared ??= sharedSpecParts(prepared));
  const spec: SimulationSpec = {
    as_of: options.as_of,
    years: options.years,
    assumptions: shared.assumptions,
    accounts,
    base_items: prepared.baseItems,
    base_cache: baseCache(prepared, options),
    base,
    groups,
    linked_accounts: shared.linked_accounts,
    linked_items: shared.linked_items,
    entity_id: shared.entity_id,
    trace,
  };
  return {
    scenario_id: scenario?.id ?? BASE_SCENARIO_ID,
    name: scenario?.name ?? 'Base',
    is_baseline: scenario?.is_baseline ?? true,
    spec,
    warnings,
  };
}

/**
 * Forecast one scenario of a prepared profile: the spec step, then a simulator run (compile and run steps).
 * `simulator` defaults to the prepared profile's own; `trace` records one step's movements (trace.ts).
 */
export function forecastPrepared(
  prepared: PreparedProfile,
  scenarioId: string | null,
  options: ForecastOptions,
  simulator: Simulator = prepared.simulator,
  trace: TraceRecorder | null = null,
): ScenarioForecast {
  const composed = scenarioSpec(prepared, scenarioId, options, trace);
  const result = simulator.run(composed.spec);
  return {
    scenario_id: composed.scenario_id,
    name: composed.name,
    is_baseline: composed.is_baseline,
    as_of: options.as_of,
    years: options.years,
    snapshots: result.snapshots,
    summary: summarise(result.snapshots),
    warnings: result.warnings.concat(composed.warnings),
    ...(result.tax_years ? { tax_years: result.tax_years } : {}),
  };
}

/**
 * The scenario ids a multi-scenario request forecasts (compare, explain, Monte Carlo): the requested ones, else
 * every scenario, else the base. Throws EngineInputError naming $options.scenario_ids[i] for an unknown id.
 */
export function scenarioIdsOf(prepared: PreparedProfile, requested: ReadonlyArray<string> | undefined): string[] {
  let ids = [...(requested ?? [])];
  if (ids.length === 0) ids = prepared.profile.scenarios.map((s) => s.id);
  if (ids.length === 0) ids = [BASE_SCENARIO_ID];
  const known = new Set(prepared.profile.scenarios.map((s) => s.id));
  ids.forEach((id, i) => {
    if (!known.has(id) && id !== BASE_SCENARIO_ID) {
      throw new EngineInputError([{ path: `$options.scenario_ids[${i}]`, message: `no scenario with id "${id}"` }]);
    }
  });
  return ids;
}

/** Validate and forecast one scenario (or the base). Throws EngineInputError naming the field on bad input. */
export function forecastScenario(
  profileInput: unknown,
  scenarioId: string | null,
  options: ForecastOptions,
  compile: EventCompiler | null,
  simulator?: Simulator,
): ScenarioForecast {
  const opts = parseOrThrow(ForecastOptionsSchema, options, '$options');
  return forecastPrepared(prepareProfile(profileInput, compile, simulator), scenarioId, opts);
}
