// The example household's life cycle: it lives in its own IndexedDB database per user ('wyrd-example-{userId}'),
// which the sync engine never opens, so it is never mixed with the user's records nor sent to the server. Loading
// writes it afresh and marks it active (a per-user flag in localStorage: the pages then read it instead of the
// user's database); removing closes and deletes that database and clears the flag, leaving nothing behind.
import Dexie from 'dexie';
import { create } from 'zustand';
import { onSignOut } from '../../lib/auth/auth-store';
import { WyrdDb } from '../db-schema';
import type { ExampleScenarios } from './example-data';

export const EXAMPLE_DB_PREFIX = 'wyrd-example-';

export function exampleDbName(userId: string): string {
  return `${EXAMPLE_DB_PREFIX}${userId}`;
}

const flagKey = (userId: string) => `wyrd.example.${userId}`;

function readFlag(userId: string): boolean {
  try {
    return localStorage.getItem(flagKey(userId)) === '1';
  } catch {
    return false;
  }
}

function writeFlag(userId: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(flagKey(userId), '1');
    else localStorage.removeItem(flagKey(userId));
  } catch {
    // Storage refused (private mode): the example lasts for this page only.
  }
}

/** UI state: whose example is being explored right now (null: the user's own data). */
export const useExampleStore = create<{ activeFor: string | null }>(() => ({ activeFor: null }));

let open: WyrdDb | null = null;

/** The example's database for this user (one open instance). */
export function openExampleDb(userId: string): WyrdDb {
  if (open?.userId === userId && open.isOpen()) return open;
  open?.close();
  open = new WyrdDb(userId, undefined, exampleDbName(userId));
  return open;
}

/** Reads the saved flag: true when this user left the example loaded last time (the pages show it again). */
export function restoreExample(userId: string): boolean {
  const on = readFlag(userId);
  useExampleStore.setState({ activeFor: on ? userId : null });
  return on;
}

/** True while this user is exploring the example. */
export function useExampleActive(userId: string): boolean {
  return useExampleStore((s) => s.activeFor === userId);
}

/** Writes a fresh example household and switches the pages to it; returns its scenario ids. */
export async function loadExample(userId: string, today: string): Promise<ExampleScenarios> {
  open?.close();
  open = null;
  await Dexie.delete(exampleDbName(userId));
  const db = openExampleDb(userId);
  // The writer (every repository, the templates) is loaded only when someone explores the example.
  const { writeExampleHousehold } = await import('./example-data');
  const scenarios = await writeExampleHousehold(db, today);
  // The example is never synced: its change queue is dropped so nothing in it even looks unsent.
  await db.outbox.clear();
  writeFlag(userId, true);
  useExampleStore.setState({ activeFor: userId });
  return scenarios;
}

/** Switches back to the user's own data and deletes the example's database from the device. */
export async function removeExample(userId: string): Promise<void> {
  writeFlag(userId, false);
  useExampleStore.setState({ activeFor: null });
  open?.close();
  open = null;
  await Dexie.delete(exampleDbName(userId));
}

// Signing out closes the example's database like the user's own (it stays on the device for their next sign-in).
onSignOut(() => {
  open?.close();
  open = null;
  useExampleStore.setState({ activeFor: null });
});
