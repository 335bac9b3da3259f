// The top bar's sync indicator (always visible on signed-in pages): Offline, N changes waiting, Syncing...,
// Synced at HH:MM, Local only, or a problem with what to do; announced through an aria-live region; a
// 'Sync now' button; and the list of changes the server refused, when there are any. On a phone the state is an
// icon (named by the label for screen readers); a tap opens the label, the hint and 'Sync now' (global.css).
import { useEffect, useState } from 'react';
import { useDb } from '../../data/db-context';
import { refreshSyncCounts, syncNow, useSyncStore } from '../../data/sync/sync-service';
import { RejectedChanges } from './RejectedChanges';
import { syncView, type SyncView } from './sync-text';
import { NavIcon, type NavIconName } from '../layout/NavIcon';

function iconOf(view: SyncView, pending: number): NavIconName {
  if (view.label === 'Offline' || view.label === 'Local only') return 'offline';
  if (view.tone === 'warning') return 'problem';
  return view.tone === 'success' && pending === 0 ? 'synced' : 'pending';
}

export function SyncStatus({ authOffline }: { authOffline: boolean }) {
  const db = useDb();
  const state = useSyncStore((s) => s.state);
  const counts = useSyncStore((s) => s.counts);
  useEffect(() => {
    void refreshSyncCounts(db);
  }, [db]);
  const [open, setOpen] = useState(false);
  const [details, setDetails] = useState(false);
  const view = syncView(state, counts.pending, authOffline);
  // The button stays while a round runs (disabled), so the top bar never changes size mid-page (layout shift).
  const showSyncNow = state.phase !== 'local-only';
  return (
    <div className={details ? 'sync-status sync-status-open' : 'sync-status'}>
      <button
        type="button"
        className={`sync-icon sync-icon-${view.tone}`}
        aria-label={`Sync: ${view.label}`}
        aria-expanded={details}
        onClick={() => setDetails((d) => !d)}
      >
        <NavIcon name={iconOf(view, counts.pending)} />
        {counts.rejected > 0 && <span className="sync-icon-dot" aria-hidden="true" />}
      </button>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {`${view.label}. ${view.hint}`}
      </span>
      <div className="sync-details">
        <span className={`badge badge-${view.tone}`} title={view.hint} data-testid="sync-state">
          {view.label}
        </span>
        {details && <p className="sync-hint">{view.hint}</p>}
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
      </div>
      {open && counts.rejected > 0 && <RejectedChanges onClose={() => setOpen(false)} />}
    </div>
  );
}
