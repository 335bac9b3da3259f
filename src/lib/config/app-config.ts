// Runtime configuration read from /app-config.json at startup, so one build can point at the local
// stack or at real AWS (Cognito + deployed API) by configuration alone. See docs/app.md.
import * as z from 'zod/mini';

const appConfigSchema = z.object({
  apiBaseUrl: z.string().check(z.minLength(1)),
  cognito: z.object({
    region: z.string().check(z.minLength(1)),
    userPoolId: z.string().check(z.minLength(1)),
    userPoolClientId: z.string().check(z.minLength(1)),
    // Omitted for real Cognito; set to the local identity service in development.
    userPoolEndpoint: z.optional(z.string()),
  }),
});

export type AppConfig = z.infer<typeof appConfigSchema>;

export const APP_CONFIG_URL = '/app-config.json';

let pending: Promise<AppConfig> | null = null;

/** Parses and checks a config object; throws an Error naming the bad fields. */
export function parseAppConfig(raw: unknown): AppConfig {
  const result = appConfigSchema.safeParse(raw);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new Error(`Invalid ${APP_CONFIG_URL}: check ${fields}`);
  }
  const config = result.data;
  return { ...config, apiBaseUrl: config.apiBaseUrl.replace(/\/+$/, '') };
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
