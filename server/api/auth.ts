// Bearer ID-token verification for the API: real Cognito in production, the local identity service in local mode.
// Both check the signature, issuer, expiry, audience (the app client) and token_use 'id'.
import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import type { Fetcher } from 'aws-jwt-verify/https';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { createMiddleware } from 'hono/factory';
import type { AuthConfig } from './config';

export type AuthUser = { sub: string; email: string; claims: JwtPayload };

export type TokenVerifier = { verify: (token: string) => Promise<AuthUser> };

export type AuthVariables = { user: AuthUser };

// aws-jwt-verify's own fetcher only speaks https; the local identity service is plain http on 127.0.0.1.
class HttpFetcher implements Fetcher {
  async fetch(uri: string): Promise<ArrayBuffer> {
    const response = await fetch(uri, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) throw new Error(`JWKS request to ${uri} failed with HTTP ${response.status}`);
    return response.arrayBuffer();
  }
}

/** Allowed clock skew when checking exp and nbf. */
export const CLOCK_TOLERANCE_SECONDS = 5;

function toUser(claims: JwtPayload): AuthUser {
  // Every row is keyed by sub: a token without one is no identity.
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new Error('The token has no subject');
  return { sub: String(claims.sub), email: typeof claims.email === 'string' ? claims.email : '', claims };
}

// Checking an RS256 signature is the costliest step of a small request, and a client sends the same ID token
// for up to an hour: a verified token is remembered until its own expiry (with the same tolerance), so every
// check still holds for it. Bounded, oldest first out.
const REMEMBERED_TOKENS = 10_000;

function remembering(verify: (token: string) => Promise<AuthUser>): TokenVerifier {
  const verified = new Map<string, AuthUser>();
  return {
    verify: async (token) => {
      const known = verified.get(token);
      const nowSeconds = Date.now() / 1000;
      if (known && typeof known.claims.exp === 'number' && known.claims.exp + CLOCK_TOLERANCE_SECONDS > nowSeconds)
        return known;
      verified.delete(token);
      const user = await verify(token);
      verified.set(token, user);
      if (verified.size > REMEMBERED_TOKENS) verified.delete(verified.keys().next().value as string);
      return user;
    },
  };
}

export function createTokenVerifier(auth: AuthConfig): TokenVerifier {
  if (auth.kind === 'cognito') {
    const verifier = CognitoJwtVerifier.create({
      userPoolId: auth.userPoolId,
      tokenUse: 'id',
      clientId: auth.clientId,
      graceSeconds: CLOCK_TOLERANCE_SECONDS,
    });
    return remembering(async (token) => toUser(await verifier.verify(token)));
  }
  const verifier = JwtRsaVerifier.create(
    {
      issuer: auth.issuer,
      jwksUri: auth.jwksUri,
      audience: auth.clientId,
      graceSeconds: CLOCK_TOLERANCE_SECONDS,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'id') throw new Error('Expected an ID token');
      },
    },
    { jwksCache: new SimpleJwksCache({ fetcher: new HttpFetcher() }) },
  );
  return remembering(async (token) => toUser(await verifier.verify(token)));
}

/** Rejects requests without a valid `Authorization: Bearer <ID token>` with 401 and a `detail` message. */
export function requireAuth(verifier: TokenVerifier) {
  return createMiddleware<{ Variables: AuthVariables }>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return c.json({ detail: 'Not authenticated' }, 401, { 'WWW-Authenticate': 'Bearer' });
    let user: AuthUser;
    try {
      user = await verifier.verify(match[1]);
    } catch {
      return c.json({ detail: 'Invalid or expired token' }, 401, {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    }
    c.set('user', user);
    await next();
  });
}
