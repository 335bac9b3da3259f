// "Latest run wins": a newer run, invalidate() and the screen unmounting each make earlier runs stale; and the
// compare screen, left while it reads the data, never asks the engine for that comparison.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useLatestRun } from '../../src/lib/async/use-latest-run';
import { UserDbProvider } from '../../src/data/db-context';
import { closeUserDb, openUserDb } from '../../src/data/db';
import { exportPlan, importBackup } from '../../src/data/backup';
import { ComparePage } from '../../src/features/scenarios/compare/ComparePage';
import { setCompareRunner } from '../../src/lib/forecast/compare-runner';
import { compareBackup, COMPARE_AS_OF } from './compare-fixture';

// The data export the compare run starts with waits for the test's release, so leaving happens while it reads.
let exportGate: Promise<void> = Promise.resolve();
vi.mock('../../src/data/backup', async (original) => {
  const actual = await original<typeof import('../../src/data/backup')>();
  return {
    ...actual,
    exportPlan: vi.fn(async (...args: Parameters<typeof actual.exportPlan>) => {
      await exportGate;
      return actual.exportPlan(...args);
    }),
  };
});
vi.mock('../../src/components/charts/LazyChart', () => ({
  preloadCharts: () => Promise.resolve(),
  Chart: () => null,
}));

afterEach(() => {
  cleanup();
  setCompareRunner(null);
  closeUserDb();
});

describe('useLatestRun', () => {
  it('keeps only the newest run current, and none after invalidate()', () => {
    const { result } = renderHook(() => useLatestRun());
    const first = result.current.begin();
    expect(first()).toBe(true);
    const second = result.current.begin();
    expect(first()).toBe(false);
    expect(second()).toBe(true);
    result.current.invalidate();
    expect(second()).toBe(false);
  });

  it('makes every run stale when the screen unmounts', () => {
    const { result, unmount } = renderHook(() => useLatestRun());
    const running = result.current.begin();
    unmount();
    expect(running()).toBe(false);
  });
});

describe('compare screen left while its opening run reads the data', () => {
  it('never calls the engine for that run', async () => {
    const userId = `latest-run-${crypto.randomUUID()}`;
    const imported = await importBackup(openUserDb(userId), compareBackup);
    expect(imported.ok).toBe(true);
    let release = () => {};
    exportGate = new Promise<void>((resolve) => (release = resolve));
    let engineCalls = 0;
    setCompareRunner(async () => {
      engineCalls += 1;
      return { ok: false, message: 'not run', errors: [] };
    });
    const { unmount } = render(
      <UserDbProvider userId={userId}>
        <ComparePage selected={[]} asOf={COMPARE_AS_OF} />
      </UserDbProvider>,
    );
    // The opening run starts once the scenarios are listed; leave while it exports the data, then let it finish.
    await screen.findByRole('checkbox', { name: /Today/ });
    await waitFor(() => expect(exportPlan).toHaveBeenCalled());
    unmount();
    release();
    await vi.mocked(exportPlan).mock.results[0]?.value;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(engineCalls).toBe(0);
  });
});
