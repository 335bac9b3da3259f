// Builds the web app's /app-config.json from the environment and decides which local services the stack runs.
// One build serves any deployment: real Cognito and a deployed API are pure configuration (README.md).
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID, LOCAL_REGION } from '../../server/identity/constants';
import { isLocalPool, type Env } from '../../server/api/config';

export type AppConfigJson = {
  apiBaseUrl: string;
  /** No API: the app keeps everything on the device and never syncs (docs/sync.md "Without an API"). */
  localOnly?: true;
  cognito: { region: string; userPoolId: string; userPoolClientId: string; userPoolEndpoint?: string };
};

export type StackPlan = {
  /** Run the local identity service (only for the local pool with no explicit endpoint). */
  runIdentity: boolean;
  /** Run the local API server (unless WYRD_API_URL names a deployed API elsewhere, or is set empty). */
  runApi: boolean;
};

/**
 * `WYRD_API_URL` set to the empty string (not merely unset) means "no API": the stack runs without the API
 * server and the app runs local-only. Unset keeps the default, the local API server.
 */
export function isLocalOnly(env: Env): boolean {
  return env.WYRD_API_URL !== undefined && env.WYRD_API_URL.trim() === '';
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

export function planStack(env: Env): StackPlan {
  return {
    runIdentity: isLocalPool(env.WYRD_COGNITO_USER_POOL_ID) && !env.WYRD_COGNITO_ENDPOINT,
    runApi: !isLocalOnly(env) && (!env.WYRD_API_URL || isLoopbackUrl(env.WYRD_API_URL)),
  };
}

/**
 * The config the browser reads. `localApiUrl` / `localIdentityUrl` are the URLs of the services this stack
 * actually started (their real ports), used when the environment doesn't name other ones.
 */
export function buildAppConfig(env: Env, local: { apiUrl?: string; identityUrl?: string }): AppConfigJson {
  const userPoolId = env.WYRD_COGNITO_USER_POOL_ID || LOCAL_POOL_ID;
  const endpoint = env.WYRD_COGNITO_ENDPOINT || (isLocalPool(userPoolId) ? local.identityUrl : undefined);
  const localOnly = isLocalOnly(env);
  const apiBaseUrl = localOnly ? '' : env.WYRD_API_URL || local.apiUrl;
  if (!localOnly && !apiBaseUrl) throw new Error('No API URL: set WYRD_API_URL or run the local API server.');
  return {
    apiBaseUrl: (apiBaseUrl ?? '').replace(/\/+$/, ''),
    ...(localOnly ? { localOnly: true as const } : {}),
    cognito: {
      region: env.WYRD_COGNITO_REGION || LOCAL_REGION,
      userPoolId,
      userPoolClientId: env.WYRD_COGNITO_CLIENT_ID || LOCAL_CLIENT_ID,
      ...(endpoint ? { userPoolEndpoint: endpoint.replace(/\/+$/, '') } : {}),
    },
  };
}
