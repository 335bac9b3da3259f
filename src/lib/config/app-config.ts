// Runtime configuration read from /app-config.json at startup, so one build can point at the local
// stack or at real AWS (Cognito + deployed API) by configuration alone. See docs/app.md.
import * as z from 'zod/mini';

const appConfigSchema = z.object({
  apiBaseUrl: z.optional(z.string()),
  // Deliberately no API: sync is off and everything stays on the device (docs/sync.md "Without an API").
  localOnly: z.optional(z.boolean()),
  cognito: z.object({
    region: z.string().check(z.minLength(1)),
    userPoolId: z.string().check(z.minLength(1)),
    userPoolClientId: z.string().check(z.minLength(1)),
    // Omitted for real Cognito; set to the local identity service in development.
    userPoolEndpoint: z.optional(z.string()),
  }),
});

export type AppConfig = {
  /** The product API's base URL (no trailing slash); '' exactly when `localOnly`. */
  apiBaseUrl: string;
  /** True: no API is configured, the sync engine never calls out (parseAppConfig always sets it). */
  localOnly?: boolean;
  cognito: z.infer<typeof appConfigSchema>['cognito'];
};

export const APP_CONFIG_URL = '/app-config.json';

let pending: Promise<AppConfig> | null = null;

function field(raw: unknown, name: string): unknown {
  return raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[name] : undefined;
}

/**
 * Parses and checks a config object; throws an Error naming the bad fields. `apiBaseUrl` is required unless
 * `localOnly` is true, and must then be empty or absent: an empty URL on its own is a mistake, not a mode.
 */
export function parseAppConfig(raw: unknown): AppConfig {
  const result = appConfigSchema.safeParse(raw);
  const bad = result.success ? [] : result.error.issues.map((issue) => issue.path.join('.') || '(root)');
  const localOnly = field(raw, 'localOnly') === true;
  const api = field(raw, 'apiBaseUrl');
  const apiBaseUrl = typeof api === 'string' ? api.trim().replace(/\/+$/, '') : '';
  if (!bad.includes('apiBaseUrl') && (localOnly ? apiBaseUrl !== '' : apiBaseUrl === '')) {
    bad.unshift(localOnly ? 'localOnly (needs an empty apiBaseUrl)' : 'apiBaseUrl');
  }
  if (!result.success || bad.length > 0) throw new Error(`Invalid ${APP_CONFIG_URL}: check ${bad.join(', ')}`);
  return { apiBaseUrl, localOnly, cognito: result.data.cognito };
}

async function fetchAppConfig(): Promise<AppConfig> {
  // no-cache: revalidate with the server when online; the service worker answers offline.
  const response = await fetch(APP_CONFIG_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load ${APP_CONFIG_URL} (HTTP ${response.status})`);
  return parseAppConfig(await response.json());
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
