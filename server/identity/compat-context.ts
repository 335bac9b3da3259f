// The compatibility layer's shared state and helpers: the calls to cognito-local, error translation, user lookup,
// rate limits and token tracking that the operation handlers in compat.ts use.
import { createPublicKey, verify as verifySignature } from 'node:crypto';
import { createRequire } from 'node:module';
import type { CognitoLocal, User } from './cognito-local';
import type { CodePurpose, CodeStore } from './code-store';
import { LOCAL_POOL_ID } from './constants';
import {
  CognitoError,
  MESSAGES,
  codeMismatch,
  expiredCode,
  invalidParameter,
  limitExceeded,
  notAuthorized,
  userNotFound,
} from './errors';
import { poolNameOf, type SrpServerState } from './srp';

export type Json = Record<string, unknown>;

export type SrpSession = { userId: string; clientId: string; aHex: string; state: SrpServerState; createdAt: number };

type Claims = {
  sub?: string;
  jti?: string;
  iat?: number;
  exp?: number;
  iss?: string;
  token_use?: string;
  client_id?: string;
};

// Cognito's SRP session lasts 3 minutes; so does ours.
export const SRP_SESSION_MS = 3 * 60_000;
// Wrong-code guesses and code sends allowed per user in a window before LimitExceededException.
const LIMIT_WINDOW_MS = 15 * 60_000;
const MAX_CODE_FAILURES = 5;
const MAX_CODE_SENDS = 10;

const requireFromHere = createRequire(import.meta.url);
const publicKeyJson = createRequire(requireFromHere.resolve('cognito-local'))('./keys/cognitoLocal.public.json') as {
  pem: string;
};
const PUBLIC_KEY = createPublicKey(publicKeyJson.pem);

export type CompatDeps = {
  cognito: CognitoLocal;
  codes: CodeStore;
  issuer: string;
  otp: () => string;
  onCode: (email: string, code: string, purpose: CodePurpose) => void;
};

/** Masks an email the way Cognito's CodeDeliveryDetails do: a***@e***. */
export function maskEmail(email: string): string {
  const [local, domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export function str(body: Json, field: string): string | undefined {
  const value = body[field];
  return typeof value === 'string' ? value : undefined;
}

export function required(value: unknown, apiName: string): string {
  if (typeof value !== 'string' || value === '') {
    throw invalidParameter(
      `1 validation error detected: Value null at '${apiName}' failed to satisfy constraint: Member must not be null`,
    );
  }
  return value;
}

export function attr(user: User, name: string): string | undefined {
  return user.Attributes?.find((a) => a.Name === name)?.Value;
}

export function withAttribute(user: User, name: string, value: string): User {
  const others = (user.Attributes ?? []).filter((a) => a.Name !== name);
  return { ...user, Attributes: [...others, { Name: name, Value: value }] };
}

/** Verifies an RS256 JWT signed with cognito-local's key; returns its claims or null when tampered or malformed. */
export function verifyJwt(token: string): Claims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8')) as { alg?: string };
    if (header.alg !== 'RS256') return null;
    const ok = verifySignature(
      'RSA-SHA256',
      Buffer.from(`${parts[0]}.${parts[1]}`),
      PUBLIC_KEY,
      Buffer.from(parts[2], 'base64url'),
    );
    if (!ok) return null;
    return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Claims;
  } catch {
    return null;
  }
}

function decodeJwt(token: string): Claims {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Claims;
  } catch {
    return {};
  }
}

/** What every handler works with: the dependencies, cognito-local's pool, and the layer's own in-memory state. */
export type CompatContext = {
  deps: CompatDeps;
  cognito: CognitoLocal;
  codes: CodeStore;
  ctx: CognitoLocal['ctx'];
  userPool: CognitoLocal['userPool'];
  poolName: string;
  srpSessions: Map<string, SrpSession>;
  accessBySub: Map<string, Set<string>>;
  accessByRefresh: Map<string, Set<string>>;
  revokedAccess: Set<string>;
  attempts: Map<string, number[]>;
};

export function createCompatContext(deps: CompatDeps): CompatContext {
  return {
    deps,
    cognito: deps.cognito,
    codes: deps.codes,
    ctx: deps.cognito.ctx,
    userPool: deps.cognito.userPool,
    poolName: poolNameOf(LOCAL_POOL_ID),
    srpSessions: new Map(),
    accessBySub: new Map(),
    accessByRefresh: new Map(),
    revokedAccess: new Set(),
    attempts: new Map(),
  };
}

export async function forward(cx: CompatContext, target: string, body: Json): Promise<Json> {
  const response = await fetch(cx.cognito.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let json: Json = {};
  try {
    json = text ? (JSON.parse(text) as Json) : {};
  } catch {
    json = { message: text };
  }
  if (response.ok) return json;
  throw translateError(target, response.status, String(json.__type ?? ''), String(json.message ?? 'Unknown error'));
}

/** cognito-local's error names and messages differ from Cognito's; translate them. */
export function translateError(target: string, status: number, type: string, message: string): CognitoError {
  const lookupTargets = ['ForgotPassword', 'ConfirmForgotPassword', 'ConfirmSignUp', 'ResendConfirmationCode'];
  switch (type) {
    case 'CognitoLocal#Unsupported':
      return new CognitoError(
        'UnsupportedOperationException',
        `${target} is not supported by the local identity service (${message.replace(/^Cognito Local unsupported feature: /, '')}).`,
      );
    case 'UsernameExistsException':
      return new CognitoError(type, MESSAGES.usernameExists);
    case 'CodeMismatchException':
      return codeMismatch();
    case 'ExpiredCodeException':
      return expiredCode();
    case 'UserNotFoundException':
      return userNotFound(lookupTargets.includes(target) ? MESSAGES.usernameClientNotFound : MESSAGES.userNotFound);
    case 'InvalidPasswordException':
      // cognito-local uses this for a wrong (not a weak) password.
      return message === 'Invalid password' ? notAuthorized() : new CognitoError(type, message);
    case 'NotAuthorizedException':
      return notAuthorized(message === 'User not authorized' ? MESSAGES.incorrectCredentials : message);
    case 'PasswordResetRequiredException':
      return new CognitoError(type, MESSAGES.resetRequired);
    case 'UserNotConfirmedException':
      return new CognitoError(type, MESSAGES.userNotConfirmed);
    default:
      // Anything that is not a Cognito error becomes a clear 400: a 5xx would make Amplify retry it.
      if (!type || status >= 500)
        return new CognitoError('InternalErrorException', `The local identity service failed on ${target}: ${message}`);
      return new CognitoError(type, message);
  }
}

/** Finds a user by email (case-insensitive, as Cognito's email usernames are), sub or internal username. */
export async function findUser(cx: CompatContext, login: string): Promise<User | null> {
  const direct = await cx.userPool.getUserByUsername(cx.ctx, login);
  if (direct) return direct;
  const wanted = login.trim().toLowerCase();
  const users = await cx.userPool.listUsers(cx.ctx);
  return users.find((u) => attr(u, 'email')?.toLowerCase() === wanted) ?? null;
}

export async function saveUser(cx: CompatContext, user: User): Promise<void> {
  await cx.userPool.saveUser(cx.ctx, { ...user, UserLastModifiedDate: new Date() });
}

export function emailOf(user: User): string {
  return attr(user, 'email') ?? user.Username;
}

export function deliveryDetails(user: User) {
  return { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(emailOf(user)) };
}

function recent(cx: CompatContext, key: string): number[] {
  const now = Date.now();
  const list = (cx.attempts.get(key) ?? []).filter((t) => now - t < LIMIT_WINDOW_MS);
  cx.attempts.set(key, list);
  return list;
}

function note(cx: CompatContext, key: string): void {
  recent(cx, key).push(Date.now());
}

export function assertUnderLimit(cx: CompatContext, key: string, max: number): void {
  if (recent(cx, key).length >= max) throw limitExceeded();
}

/** Runs a code check, counting wrong guesses so repeated ones get LimitExceededException. */
export async function withCodeAttempt<T>(cx: CompatContext, user: User, run: () => Promise<T>): Promise<T> {
  const key = `code:${user.Username}`;
  assertUnderLimit(cx, key, MAX_CODE_FAILURES);
  try {
    const result = await run();
    cx.attempts.delete(key);
    return result;
  } catch (error) {
    if (error instanceof CognitoError && error.type === 'CodeMismatchException') note(cx, key);
    throw error;
  }
}

export function assertCodeFresh(cx: CompatContext, user: User): void {
  if (!user.ConfirmationCode || cx.codes.isExpired(emailOf(user))) throw expiredCode();
}

export function trackTokens(cx: CompatContext, result: Json, refreshToken?: string): Json {
  const auth = result.AuthenticationResult as Json | undefined;
  const access = auth && str(auth, 'AccessToken');
  if (!auth || !access) return result;
  const claims = decodeJwt(access);
  if (claims.sub && claims.jti) {
    if (!cx.accessBySub.has(claims.sub)) cx.accessBySub.set(claims.sub, new Set());
    cx.accessBySub.get(claims.sub)?.add(claims.jti);
    const refresh = str(auth, 'RefreshToken') ?? refreshToken;
    if (refresh) {
      if (!cx.accessByRefresh.has(refresh)) cx.accessByRefresh.set(refresh, new Set());
      cx.accessByRefresh.get(refresh)?.add(claims.jti);
    }
  }
  const expiresIn = claims.exp && claims.iat ? claims.exp - claims.iat : 3600;
  const cleaned: Json = {};
  for (const [key, value] of Object.entries(auth)) if (value !== undefined && value !== null) cleaned[key] = value;
  return { ...result, AuthenticationResult: { ...cleaned, ExpiresIn: expiresIn, TokenType: 'Bearer' } };
}

/** Checks an access token like Cognito: signature, issuer, expiry, revocation; returns its user. */
export async function userFromAccessToken(cx: CompatContext, token: unknown): Promise<User> {
  const claims = typeof token === 'string' ? verifyJwt(token) : null;
  if (!claims || claims.token_use !== 'access' || claims.iss !== cx.deps.issuer || !claims.sub) {
    throw notAuthorized(MESSAGES.invalidAccessToken);
  }
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now())
    throw notAuthorized(MESSAGES.expiredAccessToken);
  const signedOutAt = cx.codes.signedOutAt(claims.sub);
  if (
    (claims.jti && cx.revokedAccess.has(claims.jti)) ||
    (signedOutAt !== undefined && (claims.iat ?? 0) < signedOutAt)
  ) {
    throw notAuthorized(MESSAGES.revokedAccessToken);
  }
  const user = await cx.userPool.getUserByUsername(cx.ctx, claims.sub);
  if (!user) throw userNotFound();
  if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  return user;
}

export async function refresh(cx: CompatContext, clientId: string, refreshToken: string): Promise<Json> {
  const claims = verifyJwt(refreshToken);
  if (!claims) throw notAuthorized(MESSAGES.invalidRefreshToken);
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now())
    throw notAuthorized(MESSAGES.expiredRefreshToken);
  const owner = await cx.userPool.getUserByRefreshToken(cx.ctx, refreshToken);
  if (!owner) throw notAuthorized(MESSAGES.revokedRefreshToken);
  if (!owner.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  const result = await forward(cx, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });
  return trackTokens(cx, result, refreshToken);
}

export function revokeAccessTokens(cx: CompatContext, jtis: Iterable<string> | undefined): void {
  for (const jti of jtis ?? []) cx.revokedAccess.add(jti);
}

export async function userForSignIn(cx: CompatContext, username: string): Promise<User> {
  const user = await findUser(cx, username);
  if (!user) throw userNotFound(MESSAGES.userNotFound);
  if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
  if (user.UserStatus === 'RESET_REQUIRED')
    throw new CognitoError('PasswordResetRequiredException', MESSAGES.resetRequired);
  return user;
}

/** Issues tokens (or the next challenge) through cognito-local's own USER_PASSWORD_AUTH. */
export async function passwordAuth(
  cx: CompatContext,
  clientId: string,
  user: User,
  password: string,
  clientMetadata: unknown,
): Promise<Json> {
  const result = await forward(cx, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: user.Username, PASSWORD: password },
    ClientMetadata: clientMetadata,
  });
  return trackTokens(cx, result);
}

export async function sendCode(cx: CompatContext, user: User, purpose: CodePurpose): Promise<Json> {
  const key = `send:${user.Username}`;
  assertUnderLimit(cx, key, MAX_CODE_SENDS);
  note(cx, key);
  const code = cx.deps.otp();
  await saveUser(cx, { ...user, ConfirmationCode: code });
  cx.deps.onCode(emailOf(user), code, purpose);
  return { CodeDeliveryDetails: deliveryDetails(user) };
}

export async function withUsername(cx: CompatContext, target: string, body: Json): Promise<Json> {
  const login = str(body, 'Username');
  const user = login ? await findUser(cx, login) : null;
  return forward(cx, target, user ? { ...body, Username: user.Username } : body);
}
