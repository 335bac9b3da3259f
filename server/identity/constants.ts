// Fixed ids and defaults of the local identity service (the Cognito stand-in used when Wyrd runs locally).
// Production never uses these: the app and API are configured with a real Cognito pool instead.

export const LOCAL_POOL_ID = 'ap-southeast-2_wyrdLocal1';
export const LOCAL_CLIENT_ID = 'wyrdlocalclient00000000000';
export const LOCAL_REGION = 'ap-southeast-2';

export const DEFAULT_IDENTITY_PORT = 9229;
export const DEFAULT_IDENTITY_HOST = '127.0.0.1';

/** Issuer of the local service's tokens: Cognito's `{endpoint}/{poolId}` shape on the local URL. */
export function localIssuer(url: string, poolId: string = LOCAL_POOL_ID): string {
  return `${url.replace(/\/+$/, '')}/${poolId}`;
}
