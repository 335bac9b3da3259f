// A verified ID token is remembered for speed, but only while it is still valid: expiry keeps applying.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from '../../server/api/config';
import { CLOCK_TOLERANCE_SECONDS, createTokenVerifier, type TokenVerifier } from '../../server/api/auth';
import { idClaims, mintToken, startJwks, type Jwks } from './harness';

describe('remembered tokens', () => {
  let jwks: Jwks;
  let verifier: TokenVerifier;
  beforeAll(async () => {
    jwks = await startJwks();
    verifier = createTokenVerifier({
      kind: 'local',
      issuer: jwks.issuer,
      jwksUri: `${jwks.identityUrl}/${LOCAL_POOL_ID}/.well-known/jwks.json`,
      clientId: LOCAL_CLIENT_ID,
    });
  });
  afterAll(async () => {
    await jwks.close();
  });

  it('answers a repeat from memory and refuses it once it expires', async () => {
    // Expired 1.5 s short of the tolerance: valid now, invalid two seconds from now.
    const exp = Math.floor(Date.now() / 1000) - CLOCK_TOLERANCE_SECONDS + 2;
    const token = mintToken(idClaims(jwks.issuer, { exp, sub: 'remembered' }));
    expect((await verifier.verify(token)).sub).toBe('remembered');
    expect((await verifier.verify(token)).sub).toBe('remembered');
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    await expect(verifier.verify(token)).rejects.toThrow();
  });

  it('never remembers a refused token', async () => {
    const bad = mintToken(idClaims(jwks.issuer, { token_use: 'access' }));
    await expect(verifier.verify(bad)).rejects.toThrow();
    await expect(verifier.verify(bad)).rejects.toThrow();
  });
});
