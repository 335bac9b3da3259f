// The signed-in identity cached in localStorage so an offline reload keeps the user signed in
// (issue 2 item 7). Holds no tokens: Amplify keeps those; this only remembers who they belong to.
import type { AuthUser } from './auth-types';

export const IDENTITY_CACHE_KEY = 'wyrd.identity';

let changes = 0;

/** Counts this page's writes and clears of the cache, so a read that spans one can tell it may be stale. */
export function identityCacheChanges(): number {
  return changes;
}

function isAuthUser(value: unknown): value is AuthUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.username === 'string' && typeof v.userId === 'string' && v.userId.length > 0;
}

export function readCachedIdentity(): AuthUser | null {
  try {
    const raw = localStorage.getItem(IDENTITY_CACHE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isAuthUser(parsed)) return null;
    return { username: parsed.username, userId: parsed.userId, attributes: parsed.attributes ?? null };
  } catch {
    // Storage disabled or corrupt: behave as if nothing is cached.
    return null;
  }
}

export function writeCachedIdentity(user: AuthUser): void {
  changes += 1;
  try {
    localStorage.setItem(IDENTITY_CACHE_KEY, JSON.stringify(user));
  } catch {
    // Quota or privacy mode: offline sessions just won't survive a reload.
  }
}

export function clearCachedIdentity(): void {
  changes += 1;
  try {
    localStorage.removeItem(IDENTITY_CACHE_KEY);
  } catch {
    // Nothing to clear.
  }
}
