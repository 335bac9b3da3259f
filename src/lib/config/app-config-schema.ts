// The check of /app-config.json and the config's type: its own module, which app-config.ts imports with the config's
// fetch, so that zod stays out of the chunks the sign-in pages load before anyone signs in (docs/app.md).
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
  // The path is app-config.ts's APP_CONFIG_URL, written out: importing it from there would close an import cycle.
  if (!result.success || bad.length > 0) throw new Error(`Invalid /app-config.json: check ${bad.join(', ')}`);
  return { apiBaseUrl, localOnly, cognito: result.data.cognito };
}
