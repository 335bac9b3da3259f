// Runtime configuration read from /app-config.json at startup, so one build can point at the local
// stack or at real AWS (Cognito + deployed API) by configuration alone. See docs/app.md. The check (zod) is
// app-config-schema.ts, fetched with the config, so the sign-in pages load no zod before it is needed.
import type { AppConfig } from './app-config-schema';

export const APP_CONFIG_URL = '/app-config.json';

let pending: Promise<AppConfig> | null = null;

async function fetchAppConfig(): Promise<AppConfig> {
  // no-cache: revalidate with the server when online; the service worker answers offline.
  const response = await fetch(APP_CONFIG_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load ${APP_CONFIG_URL} (HTTP ${response.status})`);
  const [raw, { parseAppConfig }] = await Promise.all([response.json(), import('./app-config-schema')]);
  return parseAppConfig(raw);
}

/** The app's runtime config, fetched once per page load (a failed load is retried on the next call). */
export function loadAppConfig(): Promise<AppConfig> {
  if (!pending) {
    pending = fetchAppConfig().catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  return pending;
}

/** Tests only: forget the loaded config. */
export function resetAppConfigForTests(): void {
  pending = null;
}
