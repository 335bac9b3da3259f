// The engine's one public barrel: model, primitives, calendar helpers, simulator, forecast and compare.
// Pure: no DOM, no I/O, no clock (as_of is an input); randomness only from seeded streams (docs/uncertainty.md).
import { compareScenarios, type CompareOptions, type Comparison } from './compare';
import { compareViewWith, type CompareView, type CompareViewInput } from './compare-view';
import {
  defaultEventCompiler,
  forecastScenario,
  type ForecastOptions,
  type ScenarioForecast,
  type Simulator,
} from './simulate/index';
import {
  explainScenarioMonth,
  explainScenariosMonth,
  type ExplainOptions,
  type ExplainScenariosOptions,
  type MonthExplanation,
} from './explain/explain';

export {
  type EventCompiler,
  type PrimitiveGroup,
  type ScenarioForecast,
  type ScenarioSummaryFigures,
  type SimAccountInput,
  type SimulationResult,
  type SimulationSpec,
  type Simulator,
  type TaxYearFigures,
  createSimulator,
  simulate,
  pmt,
  TaxSettlement,
  BASE_SCENARIO_ID,
  MAX_YEARS,
  ForecastOptionsSchema,
  forecastPrepared,
  forecastScenario,
  prepareProfile,
  summarise,
  type ForecastOptions,
  type PreparedProfile,
  defaultEventCompiler,
  createTraceLog,
  type TraceBucket,
  type TraceContext,
  type TraceEntry,
  type TraceKind,
  type TraceRecorder,
} from './simulate/index';

export * from './model/common';
export * from './model/account';
export * from './model/recurring-item';
export * from './model/assumptions';
export * from './model/household';
export * from './model/scenario';
export * from './model/dashboard';
export * from './model/comparison';
export * from './model/backup';
export * from './model/issues';
export * from './model/template';
export * from './model/sync';
export * from './model/transaction';
export * from './primitives';
export * from './calendar';
export * from './money';
export * from './dashboard';
export {
  TEMPLATES,
  getTemplate,
  TEMPLATE_GROUPS,
  TEMPLATE_GROUP_NAMES,
  HIDDEN_TEMPLATE_IDS,
  offeredInEventForm,
} from './templates/catalogue';
export { isTemplateId, type TemplateId } from './templates/registry';
export {
  compileEvent,
  validateTemplateParameters,
  type EventToCompile,
  type ParameterError,
} from './templates/compile';
export { materialiseEvent, type MaterialisedEvent, type CategoryHint } from './templates/materialise';
export { eventEntityId } from './templates/entity-id';
export {
  categoryResolver,
  eventCompileContext,
  eventEntityChanges,
  sameRecord,
  toContextAccount,
  toContextRecurringItem,
  type CategoryResolver,
  type EntityChanges,
  type EventCompileContext,
} from './templates/event-context';
export {
  isParameterVisible,
  withDefaults,
  resolveParameters,
  effectiveDefault,
  effectiveLabel,
  isEmptyValue,
  type BaselineOption,
} from './templates/parameters';
export { type ValidateOptions } from './templates/compile';
export { primaryCashIndex, primaryCashAccount, type PrimaryCashCandidate } from './primary-cash';
export {
  identifyTemplatesFromPrompt,
  sanitiseParameters,
  SMART_CREATE_MESSAGES,
  SMART_CREATE_MAX_LENGTH,
  type IdentifiedTemplate,
  type IdentifyResult,
  type IdentifyOptions,
  type SmartCreateErrorCode,
} from './smart-create/identify';
export {
  proposeBaselineEvents,
  type BaselineAssistantInput,
  type BaselineProposal,
} from './baseline-assistant/propose';
export {
  compareScenarios,
  compareWithProfile,
  sampleSnapshots,
  samplingStep,
  toApiSnapshot,
  toComparisonResult,
  type CompareOptions,
  type Comparison,
} from './compare';
export * from './model/uncertainty-assumptions';
export * from './uncertainty/types';
export {
  runTrialBatch,
  mergeTrialBatches,
  runUncertainty,
  splitTrials,
  prepareTrials,
  runPreparedTrials,
  sharedRowCount,
  keepProfile,
  type KeptProfile,
  type PreparedTrials,
} from './uncertainty/run';
export {
  CRASH_FALLS,
  STRESS_INFLATION_MONTHS,
  STRESS_INFLATION_PERCENT,
  STRESS_RATES_MONTHS,
  STRESS_RATES_POINTS,
} from './uncertainty/run';
export { STRESS_NAMES, MAX_TRIALS, UncertaintyRequestSchema } from './uncertainty/request';
export { quantileSorted, quantilesInPlace, PERCENTILES } from './uncertainty/percentiles';
export { cholesky, NotPositiveDefiniteError } from './uncertainty/cholesky';
export { UNCERTAINTY_HELP_TEXT } from './uncertainty/help';
export {
  compareViewWith,
  findCashShortfall,
  realSummary,
  toCompareView,
  type CashShortfall,
  type CompareView,
  type CompareViewInput,
  type ScenarioView,
  type SeriesPair,
  type SummaryFigures,
} from './compare-view';

/**
 * Forecast one scenario of a profile (the backup file's shape; version optional). scenario_id null or absent:
 * the base. Throws EngineInputError, whose `errors` name each bad field as a JSON path, on bad input.
 * Each entry point takes an optional simulator (createSimulator) whose buffers it reuses; a new one otherwise.
 */
export function forecast(
  profile: unknown,
  options: ForecastOptions & { scenario_id?: string | null },
  simulator?: Simulator,
): ScenarioForecast {
  return forecastScenario(
    profile,
    options.scenario_id ?? null,
    { as_of: options.as_of, years: options.years },
    defaultEventCompiler,
    simulator,
  );
}

/** Forecast several scenarios over the same months (no ids: every scenario, or the base). */
export function compare(profile: unknown, options: CompareOptions, simulator?: Simulator): Comparison {
  return compareScenarios(profile, options, defaultEventCompiler, simulator);
}

/** The compare screen's view: sampled chart points, summaries, first cash shortfall, today's dollars. */
export function compareView(input: CompareViewInput, simulator?: Simulator): CompareView {
  return compareViewWith(input, defaultEventCompiler, simulator);
}

export {
  ExplainOptionsSchema,
  explainPrepared,
  explainScenarioMonth,
  explainScenariosMonth,
  explainTrace,
  personLabel,
  type ExplainFigure,
  type ExplainLine,
  type ExplainOptions,
  type ExplainScenariosOptions,
  type ExplainSection,
  type ExplainSectionId,
  type LoanExplanation,
  type MonthExplanation,
  type TaxExplanation,
  type TransferLine,
} from './explain/explain';
export { taxRulesUsed, type TaxRulesUsed } from './explain/rules';
export { financialYearLabel } from './au/dated';

/** Explain one month of one scenario (scenario_id null, absent or 'base': the base): every part of its cash flow and growth. */
export function explainMonth(profile: unknown, options: ExplainOptions, simulator?: Simulator): MonthExplanation {
  return explainScenarioMonth(profile, options, defaultEventCompiler, simulator);
}

/** Explain the same month of several scenarios (no ids: every scenario, or the base). */
export function explainMonths(
  profile: unknown,
  options: ExplainScenariosOptions,
  simulator?: Simulator,
): MonthExplanation[] {
  return explainScenariosMonth(profile, options, defaultEventCompiler, simulator);
}

export * from './model/transaction';
export * from './statements/types';
export { StatementFileError, type StatementErrorCode } from './statements/errors';
export { decodeStatementBytes, type TextEncodingName, type Utf8Decoder } from './statements/decode';
export {
  parseCents,
  centsToDecimalString,
  parseStatementDate,
  AmountFormatError,
  type DateOrder,
} from './statements/values';
export {
  CSV_BANKS,
  CsvMappingSchema,
  SIGN_CONVENTIONS,
  BANK_NAMES,
  bankLabel,
  splitCsv,
  type CsvBank,
  type CsvMapping,
  type CsvPreview,
  type SignConvention,
} from './statements/csv';
export {
  checkRunningBalance,
  detectFormat,
  parseStatementFile,
  parseStatementWithMapping,
  type ParseStatementOptions,
  type StatementFileFormat,
  type StatementParseResult,
} from './statements/parse';
export { normalisePayee, applyPayeeRules, payeeRuleIndex } from './statements/payee';
export {
  planImport,
  rowFingerprints,
  FINGERPRINT_VERSION,
  DEFAULT_MATCH_WINDOW_DAYS,
  MAX_MATCH_WINDOW_DAYS,
  type ExistingTransaction,
  type ImportPlan,
  type ImportPlanOptions,
  type DuplicateRow,
  type PlannedRow,
} from './statements/dedupe';

// Statement import: recurring-series detection and transfer recognition (docs/transactions.md); plan versus
// actual and re-baselining (docs/plan-vs-actual.md).
export { detectRecurring, payeeKey, type DetectOptions } from './statements/recurring';
export { findTransferPairs, TRANSFER_WINDOW_DAYS, type TransferInput, type TransferPair } from './statements/transfers';
export { matchOccurrences, MATCH_WINDOW_DAYS, LINKED_WINDOW_DAYS, DEFAULT_AMOUNT_TOLERANCE } from './actuals/match';
export { planVersusActual, UNCATEGORISED } from './actuals/plan-versus-actual';
export { rebaseline } from './actuals/rebaseline';
export * from './actuals/types';
