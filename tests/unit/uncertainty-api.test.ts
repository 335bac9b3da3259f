// The uncertainty worker's API on this thread: a profile loaded again under another key (the pool's key names the
// profile and the request together) is kept when it is the same data, and every request's trials stay exact.
import { describe, expect, it } from 'vitest';
import { runTrialBatch, type UncertaintyRequest } from '../../worker/engine/index';
import { createUncertaintyApi } from '../../worker/uncertainty-api';
import { COMPARE_AS_OF, compareBackup } from '../ui/compare-fixture';

const base: UncertaintyRequest = {
  as_of: COMPARE_AS_OF,
  years: 5,
  trials: 40,
  seed: 3,
  scenario_ids: ['sc-base', 'sc-loss'],
};

describe('uncertainty worker API', () => {
  it('keeps a profile loaded again with the same data, and not one with other data', () => {
    const api = createUncertaintyApi();
    const kept = new Set<unknown>();
    const requests: UncertaintyRequest[] = [
      base,
      { ...base, stress: { name: 'high_inflation_decade' } },
      { ...base, stress: { name: 'rates_up_5y' } },
    ];
    requests.forEach((request, i) => {
      // A copy, as a worker receives it (structured clone).
      api.load(`k${i}`, structuredClone(compareBackup));
      kept.add(api.keptProfile());
      const range = { first_trial: 5, count: 10 };
      const answer = api.trialBatch(`k${i}`, request, range);
      expect(answer.ok).toBe(true);
      if (answer.ok) expect(answer.value).toEqual(runTrialBatch(compareBackup, request, range));
    });
    expect(kept.size).toBe(1);
    const other = { ...compareBackup, accounts: compareBackup.accounts.slice(1) };
    api.load('k9', other);
    expect(kept.has(api.keptProfile())).toBe(false);
    const answer = api.trialBatch('k9', base, { first_trial: 0, count: 4 });
    expect(answer.ok).toBe(true);
    if (answer.ok) expect(answer.value).toEqual(runTrialBatch(other, base, { first_trial: 0, count: 4 }));
  });
});
