// The list of changes the server refused (parked by the sync engine): what, why, and what the user can do:
// open the record to fix it, send it again, or discard it (the server's copy comes back).
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../data/db-context';
import { discardRejection, listRejections, retryRejection } from '../../data/sync/rejections';
import type { SyncRejectionRow } from '../../data/sync/sync-tables';
import { refreshSyncCounts, syncNow } from '../../data/sync/sync-service';

const LABELS: Record<string, string> = {
  accounts: 'Account',
  recurring_items: 'Recurring item',
  categories: 'Category',
  scenarios: 'Scenario',
  events: 'Scenario event',
  modifications: 'Scenario modification',
  assumptions: 'Assumptions',
};

const VERBS = { create: 'New', update: 'Edit of', delete: 'Deletion of' } as const;

function recordName(r: SyncRejectionRow): string {
  const name = (r.payload as { name?: unknown } | null)?.name;
  return typeof name === 'string' && name.trim() ? `"${name}"` : '';
}

function FixLink({ r }: { r: SyncRejectionRow }) {
  const payload = (r.payload ?? {}) as { scenario_id?: string };
  if (r.entity === 'accounts') return <Link to="/accounts">Open accounts</Link>;
  if (r.entity === 'recurring_items' || r.entity === 'categories')
    return <Link to="/recurring-items">Open recurring items</Link>;
  if (r.entity === 'scenarios' && r.op !== 'delete')
    return (
      <Link to="/scenarios/$scenarioId" params={{ scenarioId: r.entity_id }}>
        Open scenario
      </Link>
    );
  if ((r.entity === 'events' || r.entity === 'modifications') && payload.scenario_id) {
    return (
      <Link to="/scenarios/$scenarioId" params={{ scenarioId: payload.scenario_id }}>
        Open scenario
      </Link>
    );
  }
  return null;
}

export function RejectedChanges({ onClose }: { onClose: () => void }) {
  const db = useDb();
  const rows = useLiveQuery(() => listRejections(db), [db]);
  const act = async (fn: () => Promise<void>) => {
    await fn();
    await refreshSyncCounts(db);
    syncNow();
  };
  return (
    <section className="sync-rejections" aria-label="Changes not saved to the server">
      <header>
        <h2>Changes not saved to the server</h2>
        <button type="button" className="button button-ghost" onClick={onClose}>
          Close
        </button>
      </header>
      {!rows ? null : rows.length === 0 ? (
        <p>Nothing waiting: every change was accepted.</p>
      ) : (
        <>
          <p>
            The server refused these changes. They are still on this device. Fix the record and save it again, send the
            change again, or discard it to get the server&apos;s version back.
          </p>
          <ul>
            {rows.map((r) => (
              <li key={r.mutation_id}>
                <p>
                  <strong>
                    {VERBS[r.op]} {(LABELS[r.entity] ?? r.entity).toLocaleLowerCase('en-AU')} {recordName(r)}
                  </strong>
                  : {r.message}
                </p>
                <div className="sync-rejection-actions">
                  <FixLink r={r} />
                  <button
                    type="button"
                    className="button button-ghost"
                    onClick={() => void act(() => retryRejection(db, r.mutation_id))}
                  >
                    Send again
                  </button>
                  <button
                    type="button"
                    className="button button-ghost"
                    onClick={() => void act(() => discardRejection(db, r.mutation_id))}
                  >
                    Discard
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
