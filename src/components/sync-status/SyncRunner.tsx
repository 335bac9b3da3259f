// Runs the sync engine for the signed-in user's database while the signed-in layout is mounted.
import { useEffect } from 'react';
import { useDb } from '../../data/db-context';
import { startSync } from '../../data/sync/sync-service';

export function SyncRunner() {
  const db = useDb();
  useEffect(() => startSync(db), [db]);
  return null;
}
