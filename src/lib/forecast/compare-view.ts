// The compare screen's view types and helpers, one import for the screen and its tests. The view itself is computed
// by the engine (worker/engine/compare-view.ts) inside the app's forecast worker; nothing is computed here.
import { compareView, type CompareView, type CompareViewInput } from '../../../worker/engine/index';

export {
  deflator,
  findCashShortfall,
  type CashShortfall,
  type CompareView,
  type ScenarioView,
  type SeriesPair,
  type SummaryFigures,
} from '../../../worker/engine/index';

export type CompareRequest = CompareViewInput;

/** The engine's compare view on this thread (tests; the app runs it in the worker through compare-runner.ts). */
export function compareForScreen(request: CompareRequest): CompareView {
  return compareView(request);
}
