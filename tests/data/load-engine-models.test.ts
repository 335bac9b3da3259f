// The staged load of the engine's models (load-engine-models.ts): a screen's importer runs after the models have
// evaluated, every caller shares one load, and zod's warm-up builds schemas that work.
import { describe, expect, it } from 'vitest';
import {
  afterEngineModels,
  afterRowModels,
  loadRowModels,
  loadScreenModels,
  loadSyncModels,
} from '../../src/data/load-engine-models';
import { warmZod } from '../../src/data/sync/load-zod';

describe('loadEngineModels', () => {
  it('runs a screen importer once the models are loaded, and shares one load between callers', async () => {
    expect(loadSyncModels()).toBe(loadSyncModels());
    expect(loadRowModels()).toBe(loadRowModels());
    expect(loadScreenModels()).toBe(loadScreenModels());
    let calledAfter = false;
    const load = afterEngineModels(async () => {
      calledAfter = true;
      return import('../../src/data/sync/load-zod');
    });
    const module = await load();
    expect(calledAfter).toBe(true);
    expect(module.zodLoaded).toBe(true);
    // Without the catalogue: the row models only.
    const rows = await afterRowModels(async () => 'page')();
    expect(rows).toBe('page');
  });

  it("zod's warm-up builds and checks its throwaway schema", () => {
    expect(warmZod()).toBe(true);
  });
});
