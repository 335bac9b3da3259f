// Evaluates zod and the engine's schema modules a part per task, ahead of code that imports them all at once (the
// sync engine, the lazy screens): a chunk graph evaluates in one task, and building the schemas is most of it.
import { yieldToMain } from './yield-to-main';

type Part = () => Promise<unknown>;

/**
 * What the sync engine's code imports, in dependency order, so that each import evaluates only its own module (a
 * module evaluates once; the ones before it are done).
 */
const SYNC_PARTS: readonly Part[] = [
  () => import('./sync/load-zod'),
  () => import('./sync/load-zod').then(({ warmZod }) => warmZod()),
  () => import('../../worker/engine/model/common'),
  () => import('../../worker/engine/model/household'),
  () => import('../../worker/engine/model/sync'),
  () => import('../../worker/engine/model/assumptions'),
];

/** What the screens that edit or list rows import besides (accounts, recurring items, transactions, scenarios). */
const ROW_PARTS: readonly Part[] = [
  () => import('../../worker/engine/model/recurring-item'),
  () => import('../../worker/engine/model/account'),
  () => import('../../worker/engine/model/transaction'),
  () => import('../../worker/engine/model/scenario'),
];

/**
 * What the scenario screens import besides: the template model and catalogue. Evaluated with the compare screen's
 * chunks, all of these models were one main-thread task of about 32 ms at full speed (about 130 ms on Lighthouse's
 * 4x-slowed phone); the largest part alone is now under 12.5 ms.
 */
const CATALOGUE_PARTS: readonly Part[] = [
  () => import('../../worker/engine/model/template'),
  () => import('../../worker/engine/templates/catalogue'),
];

function inTurns(parts: readonly Part[], after?: () => Promise<void>): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () => {
    loading ??= (async () => {
      await after?.();
      for (const part of parts) {
        await part();
        await yieldToMain();
      }
    })().catch((error: unknown) => {
      loading = null; // a chunk that failed to load is asked for again next time
      throw error;
    });
    return loading;
  };
}

/** Resolves once the sync engine's schemas have evaluated (the first call starts it; later calls share it). */
export const loadSyncModels = inTurns(SYNC_PARTS);

/** Resolves once the row screens' schemas have evaluated too. */
export const loadRowModels = inTurns(ROW_PARTS, loadSyncModels);

/** Resolves once the template model and catalogue have evaluated too. */
export const loadScreenModels = inTurns(CATALOGUE_PARTS, loadRowModels);

/** `importer` once the models and the template catalogue have evaluated (the scenario screens' chunks import both). */
export function afterEngineModels<T>(importer: () => Promise<T>): () => Promise<T> {
  return after(loadScreenModels, importer);
}

/** `importer` once the models have evaluated (a screen whose chunks import the schemas but not the catalogue). */
export function afterRowModels<T>(importer: () => Promise<T>): () => Promise<T> {
  return after(loadRowModels, importer);
}

function after<T>(load: () => Promise<void>, importer: () => Promise<T>): () => Promise<T> {
  // A part that fails to load leaves the importer to fail (or not) on its own.
  return () => load().then(importer, importer);
}
