// What the top bar says about sync, from the engine's state and the live counts: one short label, a tone,
// and a longer hint with what to do (also announced to screen readers).
import type { SyncState } from '../../data/sync/sync-engine';

export type SyncView = { label: string; hint: string; tone: 'muted' | 'success' | 'warning' };

/** 24-hour HH:MM in the device's time zone. */
export function clockTime(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`;

export function syncView(state: SyncState, pending: number, authOffline: boolean): SyncView {
  const waiting = pending > 0 ? ` ${changes(pending)} waiting to be sent.` : '';
  if (state.phase === 'local-only') {
    const kept = pending > 0 ? ` ${changes(pending)} will be sent once a sync server is set up.` : '';
    return {
      label: 'Local only',
      tone: 'muted',
      hint: `Sync is off: no sync server is set up, so your data stays on this device.${kept}`,
    };
  }
  if (authOffline || state.phase === 'offline') {
    return { label: 'Offline', tone: 'muted', hint: `Changes are kept on this device until you reconnect.${waiting}` };
  }
  if (state.phase === 'syncing') {
    const label = state.initial ? `Syncing... ${state.initial.pulled} records` : 'Syncing...';
    return {
      label,
      tone: 'muted',
      hint: state.initial ? 'Getting your data from the server.' : 'Sending and receiving changes.',
    };
  }
  if (state.phase === 'error' && state.error?.kind === 'auth') {
    return { label: 'Sign in again to sync', tone: 'warning', hint: `${state.error.message}${waiting}` };
  }
  if (state.phase === 'error' && state.error?.kind === 'version') {
    return { label: 'Update needed to sync', tone: 'warning', hint: `${state.error.message}${waiting}` };
  }
  if (state.phase === 'error') {
    return { label: 'Sync problem', tone: 'warning', hint: `${state.error?.message ?? 'Sync failed.'}${waiting}` };
  }
  if (pending > 0)
    return { label: `${changes(pending)} waiting`, tone: 'muted', hint: `${changes(pending)} waiting to be sent.` };
  if (state.lastSyncedAt)
    return {
      label: `Synced at ${clockTime(state.lastSyncedAt)}`,
      tone: 'success',
      hint: 'Everything on this device is on the server.',
    };
  return { label: 'Not synced yet', tone: 'muted', hint: 'Your data will be sent to the server shortly.' };
}
