// Large IndexedDB requests a slice per task with two slices in flight: the page copies one slice into IndexedDB's
// requests while IndexedDB works on the one before, so neither waits for the other and no task copies thousands of
// rows at once (docs/data-layer.md "Transactions", docs/sync.md "A round").

/**
 * Calls `request` for each slice of `size` items, in order (inside the caller's transaction, if any), waiting on
 * the slice before the current one (not the current one) before handing over the next. Resolves with every
 * slice's result in order; the first failure rejects (and aborts the caller's transaction). Inside a Dexie
 * transaction, `request` must return Dexie's own promise (chain with `.then`, never an async function): awaiting
 * an async function's promise broke a backup import of more than one slice (a 61,000-record one never ended;
 * tests/data/backup.test.ts has the case).
 */
export async function inSlices<T, R>(
  items: ReadonlyArray<T>,
  size: number,
  request: (slice: ReadonlyArray<T>) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let previous: Promise<R> | null = null;
  for (let i = 0; i < items.length; i += size) {
    const current = request(items.length <= size ? items : items.slice(i, i + size));
    current.catch(() => undefined); // awaited below
    if (previous) results.push(await previous);
    previous = current;
  }
  if (previous) results.push(await previous);
  return results;
}
