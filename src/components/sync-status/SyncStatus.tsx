// The top bar's sync indicator (always visible on signed-in pages): Offline, N changes waiting, Syncing...,
// Synced at HH:MM, Local only, or a problem with what to do; announced through an aria-live region; a
// 'Sync now' button; and the list of changes the server refused, when there are any.
import { useEffect, useState } from 'react';
import { useDb } from '../../data/db-context';
import { refreshSyncCounts, syncNow, useSyncStore } from '../../data/sync/sync-service';
import { RejectedChanges } from './RejectedChanges';
import { syncView } from './sync-text';

export function SyncStatus({ authOffline }: { authOffline: boolean }) {
  const db = useDb();
  const state = useSyncStore((s) => s.state);
  const counts = useSyncStore((s) => s.counts);
  useEffect(() => {
    void refreshSyncCounts(db);
  }, [db]);
  const [open, setOpen] = useState(false);
  const view = syncView(state, counts.pending, authOffline);
  // The button stays while a round runs (disabled), so the top bar never changes size mid-page (layout shift).
  const showSyncNow = state.phase !== 'local-only';
  return (
    <div className="sync-status">
      <span className={`badge badge-${view.tone}`} title={view.hint} data-testid="sync-state">
        {view.label}
      </span>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {`${view.label}. ${view.hint}`}
      </span>
      {counts.rejected > 0 && (
        <button
          type="button"
          className="button button-ghost sync-rejected"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {counts.rejected} {counts.rejected === 1 ? 'change' : 'changes'} not saved
        </button>
      )}
      {showSyncNow && (
        <button
          type="button"
          className="button button-ghost sync-now"
          onClick={syncNow}
          disabled={state.phase === 'syncing'}
        >
          Sync now
        </button>
      )}
      {open && counts.rejected > 0 && <RejectedChanges onClose={() => setOpen(false)} />}
    </div>
  );
}
