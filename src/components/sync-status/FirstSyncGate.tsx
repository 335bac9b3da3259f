// The first sign-in on a device: while the first sync brings the user's data from the server, its progress
// covers the page instead of figures computed from an empty copy. Only a device with nothing on it waits (one
// holding local data shows it and uploads it), only when the first round takes more than a moment, and the
// page stays mounted underneath (hidden), so nothing typed is lost. The user may go on without waiting, and a
// user who has already started using the page (the round can start late: the sync code loads on first use) is
// never covered: hiding a form mid-typing would drop the keystrokes that follow.
import { useEffect, useState, type ReactNode } from 'react';
import { useDb } from '../../data/db-context';
import type { WyrdDb } from '../../data/db';
import { useSyncStore } from '../../data/sync/sync-service';
import { readCursor } from '../../data/sync/sync-meta';

/** A first round shorter than this never shows the progress (no flash). */
export const FIRST_SYNC_GRACE_MS = 300;

async function isFreshDevice(db: WyrdDb): Promise<boolean> {
  if ((await readCursor(db)) !== null) return false;
  const [outbox, categories, accounts] = await Promise.all([
    db.outbox.count(),
    db.categories.count(),
    db.accounts.count(),
  ]);
  return outbox === 0 && categories === 0 && accounts === 0;
}

export function FirstSyncGate({ children }: { children: ReactNode }) {
  const db = useDb();
  const initial = useSyncStore((s) => s.state.initial);
  const [late, setLate] = useState(false);
  const [done, setDone] = useState(false);
  const running = initial !== null;
  useEffect(() => {
    if (!running) return;
    let live = true;
    // Whether the device is still empty is asked when the cover would show, not at mount: by then the user
    // may have saved something here, and that data should be shown (and uploaded), not hidden.
    const timer = setTimeout(() => {
      isFreshDevice(db)
        .then((fresh) => live && (fresh ? setLate(true) : setDone(true)))
        .catch(() => undefined);
    }, FIRST_SYNC_GRACE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [running, db]);
  useEffect(() => {
    // Only the first round after sign-in may cover the page: once it ends (however), never again.
    let sawRunning = useSyncStore.getState().state.initial !== null;
    return useSyncStore.subscribe((s) => {
      if (s.state.initial) sawRunning = true;
      else if (sawRunning) setDone(true);
    });
  }, []);

  const covering = running && late && !done;
  useEffect(() => {
    if (covering || done) return;
    // A key or pointer press anywhere (the top bar's links, the page, its dialogs) before the cover shows
    // means the user has started: the first round then runs behind the page, as any other round does.
    const started = () => setDone(true);
    document.addEventListener('keydown', started, true);
    document.addEventListener('pointerdown', started, true);
    return () => {
      document.removeEventListener('keydown', started, true);
      document.removeEventListener('pointerdown', started, true);
    };
  }, [covering, done]);
  const pulled = initial?.pulled ?? 0;
  return (
    <>
      {covering && (
        <section className="card first-sync" aria-labelledby="first-sync-title">
          <h1 id="first-sync-title">Getting your data</h1>
          <p aria-live="polite">
            {pulled === 0
              ? 'Connecting to the server...'
              : `${pulled} ${pulled === 1 ? 'record' : 'records'} received...`}
          </p>
          <progress aria-label="Sync progress" />
          <p>
            <button type="button" className="button button-ghost" onClick={() => setDone(true)}>
              Continue with this device&apos;s data
            </button>
          </p>
        </section>
      )}
      <div className="first-sync-page" hidden={covering}>
        {children}
      </div>
    </>
  );
}
