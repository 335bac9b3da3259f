// Builds the web app's /app-config.json from the environment and decides which local services the stack runs.
// One build serves any deployment: real Cognito and a deployed API are pure configuration (README.md).
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID, LOCAL_REGION } from '../../server/identity/constants.ts';
import { isLocalPool, type Env } from '../../server/api/config.ts';

export type AppConfigJson = {
  apiBaseUrl: string;
  cognito: { region: string; userPoolId: string; userPoolClientId: string; userPoolEndpoint?: string };
};

export type StackPlan = {
  /** Run the local identity service (only for the local pool with no explicit endpoint). */
  runIdentity: boolean;
  /** Run the local API server (unless WYRD_API_URL names a deployed API elsewhere). */
  runApi: boolean;
};

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
    runApi: !env.WYRD_API_URL || isLoopbackUrl(env.WYRD_API_URL),
  };
}

/**
 * The config the browser reads. `localApiUrl` / `localIdentityUrl` are the URLs of the services this stack
 * actually started (their real ports), used when the environment doesn't name other ones.
 */
export function buildAppConfig(env: Env, local: { apiUrl?: string; identityUrl?: string }): AppConfigJson {
  const userPoolId = env.WYRD_COGNITO_USER_POOL_ID || LOCAL_POOL_ID;
  const endpoint = env.WYRD_COGNITO_ENDPOINT || (isLocalPool(userPoolId) ? local.identityUrl : undefined);
  const apiBaseUrl = env.WYRD_API_URL || local.apiUrl;
  if (!apiBaseUrl) throw new Error('No API URL: set WYRD_API_URL or run the local API server.');
  return {
    apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
    cognito: {
      region: env.WYRD_COGNITO_REGION || LOCAL_REGION,
      userPoolId,
      userPoolClientId: env.WYRD_COGNITO_CLIENT_ID || LOCAL_CLIENT_ID,
      ...(endpoint ? { userPoolEndpoint: endpoint.replace(/\/+$/, '') } : {}),
    },
  };
}
