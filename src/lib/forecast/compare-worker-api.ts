// What the compare worker exposes, as plain functions (the in-process runner calls the same code): plain data in,
// plain data out, errors as data because Comlink would drop an error's field list.
import { EngineInputError, type FieldError } from '../../../worker/engine/index';
import { compareForScreen, type CompareRequest, type CompareView } from './compare-view';

export type CompareOutcome = { ok: true; view: CompareView } | { ok: false; message: string; errors: FieldError[] };

export const compareWorkerApi = {
  compare(request: CompareRequest): CompareOutcome {
    try {
      return { ok: true, view: compareForScreen(request) };
    } catch (err) {
      if (err instanceof EngineInputError) return { ok: false, message: err.message, errors: err.errors };
      const message = err instanceof Error ? err.message : String(err);
      return { ok: false, message, errors: [{ path: '$', message }] };
    }
  },
};

export type CompareWorkerApi = typeof compareWorkerApi;
