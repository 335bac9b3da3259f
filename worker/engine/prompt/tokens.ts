// Smart Create's tokens: the values read from a prompt with their positions, and their frequencies. Kept
// apart from the extractors so the templates' prompt readers can use them without the date parser.
import type { IsoDate } from '../primitives';
import { PERIODS_PER_YEAR } from '../money';

export type Freq = 'daily' | 'weekly' | 'fortnightly' | 'monthly' | 'quarterly' | 'yearly';

/** Periods per year of every frequency a prompt may name: the recurring frequencies' plus daily. */
export const PER_YEAR: Readonly<Record<Freq, number>> = { daily: 365, ...PERIODS_PER_YEAR };

export type Span = { start: number; end: number };
export type AmountToken = Span & { kind: 'amount'; value: number; freq: Freq | null };
export type PercentToken = Span & { kind: 'percent'; value: number };
export type DurationUnit = 'day' | 'week' | 'month' | 'year';
export type DurationToken = Span & { kind: 'duration'; value: number; unit: DurationUnit };
export type DateToken = Span & { kind: 'date'; date: IsoDate; exact_day: boolean; role: 'start' | 'end' };
export type DaysPerWeekToken = Span & { kind: 'days_per_week'; value: number };
export type Token = AmountToken | PercentToken | DurationToken | DateToken | DaysPerWeekToken;

export type AuState = 'NSW' | 'VIC' | 'QLD' | 'WA' | 'SA' | 'TAS' | 'ACT' | 'NT';

export type Extraction = {
  text: string;
  tokens: Token[];
  amounts: AmountToken[];
  percents: PercentToken[];
  durations: DurationToken[];
  dates: DateToken[];
  days_per_week: DaysPerWeekToken[];
  state: AuState | null;
};
