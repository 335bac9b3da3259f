// The Uncertainty view's choices, messages and run phases, shared by its pieces.
import type { StressName } from '../../../../../worker/engine/index';
import type { UncertaintyProgress } from '../../../../lib/forecast/uncertainty-pool';

export const TRIAL_CHOICES = [500, 1000, 5000] as const;
export const DEFAULT_TRIALS = 1000;

export const STRESS_LABELS: Record<StressName, string> = {
  crash_first_year: 'Market crash in the first year',
  crash_at_event: 'Market crash in the year of an event',
  crash_at_retirement: 'Market crash in the year of retirement',
  high_inflation_decade: 'Ten years of 7% inflation',
  rates_up_5y: 'Interest rates 3 points higher for 5 years',
};

export const UNCERTAINTY_MESSAGES = {
  failed: 'Failed to run the uncertainty analysis',
  cancelled: 'Cancelled. No results were kept.',
  pickEvent: 'Choose the event for the crash',
  goalIncomplete: 'Enter both a goal amount and a goal date, or neither',
  goalDate: 'The goal date must fall within the forecast period',
} as const;

export type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; progress: UncertaintyProgress }
  | { kind: 'done'; cached: boolean }
  | { kind: 'cancelled' }
  /** `reason`: the engine's own words when it refused the input (a stress test the scenarios can't take, say). */
  | { kind: 'failed'; reason: string | null };
