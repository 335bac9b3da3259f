// The compatibility layer in front of cognito-local: answers each Cognito call the way real Cognito does
// (SRP sign-in, refresh, resend, global sign-out, password policy, exact error names and messages),
// and forwards everything else to cognito-local unchanged.
import { createPublicKey, randomBytes, verify as verifySignature } from 'node:crypto';
import { createRequire } from 'node:module';
import type { CognitoLocal, User } from './cognito-local.ts';
import type { CodePurpose, CodeStore } from './code-store.ts';
import { LOCAL_POOL_ID } from './constants.ts';
import {
  CognitoError,
  MESSAGES,
  codeMismatch,
  expiredCode,
  invalidParameter,
  limitExceeded,
  notAuthorized,
  userNotFound,
} from './errors.ts';
import { assertPasswordPolicy as checkPassword } from './password-policy.ts';
import {
  computeVerifier,
  expectedSignature,
  newSaltHex,
  parseSrpTimestamp,
  poolNameOf,
  serverKey,
  signaturesMatch,
  startServerSession,
  type SrpServerState,
} from './srp.ts';

type Json = Record<string, unknown>;

type SrpSession = { userId: string; clientId: string; aHex: string; state: SrpServerState; createdAt: number };

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
const SRP_SESSION_MS = 3 * 60_000;
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

function str(body: Json, field: string): string | undefined {
  const value = body[field];
  return typeof value === 'string' ? value : undefined;
}

function required(value: unknown, apiName: string): string {
  if (typeof value !== 'string' || value === '') {
    throw invalidParameter(
      `1 validation error detected: Value null at '${apiName}' failed to satisfy constraint: Member must not be null`,
    );
  }
  return value;
}

function attr(user: User, name: string): string | undefined {
  return user.Attributes?.find((a) => a.Name === name)?.Value;
}

function withAttribute(user: User, name: string, value: string): User {
  const others = (user.Attributes ?? []).filter((a) => a.Name !== name);
  return { ...user, Attributes: [...others, { Name: name, Value: value }] };
}

/** Verifies an RS256 JWT signed with cognito-local's key; returns its claims or null when tampered or malformed. */
function verifyJwt(token: string): Claims | null {
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

export function createCompat(deps: CompatDeps) {
  const { cognito, codes } = deps;
  const { ctx, userPool } = cognito;
  const poolName = poolNameOf(LOCAL_POOL_ID);

  const srpSessions = new Map<string, SrpSession>();
  const accessBySub = new Map<string, Set<string>>();
  const accessByRefresh = new Map<string, Set<string>>();
  const revokedAccess = new Set<string>();
  const attempts = new Map<string, number[]>();

  // ---- helpers over cognito-local -------------------------------------------------------------

  async function forward(target: string, body: Json): Promise<Json> {
    const response = await fetch(cognito.url, {
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
  function translateError(target: string, status: number, type: string, message: string): CognitoError {
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
          return new CognitoError(
            'InternalErrorException',
            `The local identity service failed on ${target}: ${message}`,
          );
        return new CognitoError(type, message);
    }
  }

  /** Finds a user by email (case-insensitive, as Cognito's email usernames are), sub or internal username. */
  async function findUser(login: string): Promise<User | null> {
    const direct = await userPool.getUserByUsername(ctx, login);
    if (direct) return direct;
    const wanted = login.trim().toLowerCase();
    const users = await userPool.listUsers(ctx);
    return users.find((u) => attr(u, 'email')?.toLowerCase() === wanted) ?? null;
  }

  async function saveUser(user: User): Promise<void> {
    await userPool.saveUser(ctx, { ...user, UserLastModifiedDate: new Date() });
  }

  function emailOf(user: User): string {
    return attr(user, 'email') ?? user.Username;
  }

  function deliveryDetails(user: User) {
    return { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(emailOf(user)) };
  }

  // ---- rate limits ---------------------------------------------------------------------------

  function recent(key: string): number[] {
    const now = Date.now();
    const list = (attempts.get(key) ?? []).filter((t) => now - t < LIMIT_WINDOW_MS);
    attempts.set(key, list);
    return list;
  }
  function note(key: string): void {
    recent(key).push(Date.now());
  }
  function assertUnderLimit(key: string, max: number): void {
    if (recent(key).length >= max) throw limitExceeded();
  }

  /** Runs a code check, counting wrong guesses so repeated ones get LimitExceededException. */
  async function withCodeAttempt<T>(user: User, run: () => Promise<T>): Promise<T> {
    const key = `code:${user.Username}`;
    assertUnderLimit(key, MAX_CODE_FAILURES);
    try {
      const result = await run();
      attempts.delete(key);
      return result;
    } catch (error) {
      if (error instanceof CognitoError && error.type === 'CodeMismatchException') note(key);
      throw error;
    }
  }

  function assertCodeFresh(user: User): void {
    if (!user.ConfirmationCode || codes.isExpired(emailOf(user))) throw expiredCode();
  }

  // ---- tokens --------------------------------------------------------------------------------

  function trackTokens(result: Json, refreshToken?: string): Json {
    const auth = result.AuthenticationResult as Json | undefined;
    const access = auth && str(auth, 'AccessToken');
    if (!auth || !access) return result;
    const claims = decodeJwt(access);
    if (claims.sub && claims.jti) {
      if (!accessBySub.has(claims.sub)) accessBySub.set(claims.sub, new Set());
      accessBySub.get(claims.sub)?.add(claims.jti);
      const refresh = str(auth, 'RefreshToken') ?? refreshToken;
      if (refresh) {
        if (!accessByRefresh.has(refresh)) accessByRefresh.set(refresh, new Set());
        accessByRefresh.get(refresh)?.add(claims.jti);
      }
    }
    const expiresIn = claims.exp && claims.iat ? claims.exp - claims.iat : 3600;
    const cleaned: Json = {};
    for (const [key, value] of Object.entries(auth)) if (value !== undefined && value !== null) cleaned[key] = value;
    return { ...result, AuthenticationResult: { ...cleaned, ExpiresIn: expiresIn, TokenType: 'Bearer' } };
  }

  /** Checks an access token like Cognito: signature, issuer, expiry, revocation; returns its user. */
  async function userFromAccessToken(token: unknown): Promise<User> {
    const claims = typeof token === 'string' ? verifyJwt(token) : null;
    if (!claims || claims.token_use !== 'access' || claims.iss !== deps.issuer || !claims.sub) {
      throw notAuthorized(MESSAGES.invalidAccessToken);
    }
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now())
      throw notAuthorized(MESSAGES.expiredAccessToken);
    const signedOutAt = codes.signedOutAt(claims.sub);
    if (
      (claims.jti && revokedAccess.has(claims.jti)) ||
      (signedOutAt !== undefined && (claims.iat ?? 0) < signedOutAt)
    ) {
      throw notAuthorized(MESSAGES.revokedAccessToken);
    }
    const user = await userPool.getUserByUsername(ctx, claims.sub);
    if (!user) throw userNotFound();
    if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
    return user;
  }

  async function refresh(clientId: string, refreshToken: string): Promise<Json> {
    const claims = verifyJwt(refreshToken);
    if (!claims) throw notAuthorized(MESSAGES.invalidRefreshToken);
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now())
      throw notAuthorized(MESSAGES.expiredRefreshToken);
    const owner = await userPool.getUserByRefreshToken(ctx, refreshToken);
    if (!owner) throw notAuthorized(MESSAGES.revokedRefreshToken);
    if (!owner.Enabled) throw notAuthorized(MESSAGES.userDisabled);
    const result = await forward('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
    return trackTokens(result, refreshToken);
  }

  function revokeAccessTokens(jtis: Iterable<string> | undefined): void {
    for (const jti of jtis ?? []) revokedAccess.add(jti);
  }

  // ---- sign-in -------------------------------------------------------------------------------

  async function userForSignIn(username: string): Promise<User> {
    const user = await findUser(username);
    if (!user) throw userNotFound(MESSAGES.userNotFound);
    if (!user.Enabled) throw notAuthorized(MESSAGES.userDisabled);
    if (user.UserStatus === 'RESET_REQUIRED')
      throw new CognitoError('PasswordResetRequiredException', MESSAGES.resetRequired);
    return user;
  }

  /** Issues tokens (or the next challenge) through cognito-local's own USER_PASSWORD_AUTH. */
  async function passwordAuth(clientId: string, user: User, password: string, clientMetadata: unknown): Promise<Json> {
    const result = await forward('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.Username, PASSWORD: password },
      ClientMetadata: clientMetadata,
    });
    return trackTokens(result);
  }

  async function initiateAuth(body: Json): Promise<Json> {
    const clientId = required(body.ClientId, 'clientId');
    const flow = required(body.AuthFlow, 'authFlow');
    const params = (body.AuthParameters ?? {}) as Json;
    switch (flow) {
      case 'USER_SRP_AUTH': {
        const user = await userForSignIn(required(params.USERNAME, 'USERNAME'));
        const aHex = required(params.SRP_A, 'SRP_A');
        if (!/^[0-9a-f]+$/i.test(aHex)) throw invalidParameter('SRP_A is not a hexadecimal number');
        const saltHex = newSaltHex();
        const state = startServerSession(computeVerifier(poolName, user.Username, user.Password, saltHex), saltHex);
        const secretBlock = randomBytes(96).toString('base64');
        const now = Date.now();
        for (const [key, session] of srpSessions) if (now - session.createdAt > SRP_SESSION_MS) srpSessions.delete(key);
        srpSessions.set(secretBlock, { userId: user.Username, clientId, aHex, state, createdAt: now });
        return {
          ChallengeName: 'PASSWORD_VERIFIER',
          ChallengeParameters: {
            SALT: saltHex,
            SECRET_BLOCK: secretBlock,
            SRP_B: state.B.toString(16),
            USERNAME: user.Username,
            USER_ID_FOR_SRP: user.Username,
          },
        };
      }
      case 'USER_PASSWORD_AUTH': {
        const user = await userForSignIn(required(params.USERNAME, 'USERNAME'));
        return passwordAuth(clientId, user, required(params.PASSWORD, 'PASSWORD'), body.ClientMetadata);
      }
      case 'REFRESH_TOKEN_AUTH':
      case 'REFRESH_TOKEN':
        return refresh(clientId, required(params.REFRESH_TOKEN, 'REFRESH_TOKEN'));
      default:
        throw invalidParameter(
          `The local identity service supports the USER_SRP_AUTH, USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH flows, not ${flow}.`,
        );
    }
  }

  async function respondToAuthChallenge(body: Json): Promise<Json> {
    const clientId = required(body.ClientId, 'clientId');
    const challenge = required(body.ChallengeName, 'challengeName');
    const responses = (body.ChallengeResponses ?? {}) as Json;
    if (challenge === 'PASSWORD_VERIFIER') {
      const secretBlock = required(responses.PASSWORD_CLAIM_SECRET_BLOCK, 'PASSWORD_CLAIM_SECRET_BLOCK');
      const session = srpSessions.get(secretBlock);
      srpSessions.delete(secretBlock);
      if (!session || Date.now() - session.createdAt > SRP_SESSION_MS || session.clientId !== clientId) {
        throw notAuthorized('Invalid session for the user, session is expired.');
      }
      const timestamp = required(responses.TIMESTAMP, 'TIMESTAMP');
      if (!parseSrpTimestamp(timestamp)) throw invalidParameter('TIMESTAMP format is invalid.');
      const signature = required(responses.PASSWORD_CLAIM_SIGNATURE, 'PASSWORD_CLAIM_SIGNATURE');
      const user = await userPool.getUserByUsername(ctx, session.userId);
      if (!user) throw userNotFound();
      let key: Buffer;
      try {
        key = serverKey(session.state, session.aHex);
      } catch {
        throw notAuthorized();
      }
      if (!signaturesMatch(expectedSignature(key, poolName, session.userId, secretBlock, timestamp), signature)) {
        throw notAuthorized();
      }
      // The proof is good: let cognito-local issue the tokens (or its next challenge) as it normally would.
      return passwordAuth(clientId, user, user.Password, body.ClientMetadata);
    }
    if (challenge === 'NEW_PASSWORD_REQUIRED') checkPassword(responses.NEW_PASSWORD);
    if (typeof responses.USERNAME === 'string') {
      const user = await findUser(responses.USERNAME);
      if (user) body = { ...body, ChallengeResponses: { ...responses, USERNAME: user.Username } };
    }
    return trackTokens(await forward('RespondToAuthChallenge', body));
  }

  // ---- sign-up and codes ---------------------------------------------------------------------

  async function signUp(body: Json): Promise<Json> {
    const username = required(body.Username, 'username');
    const password = required(body.Password, 'password');
    checkPassword(password);
    if (await findUser(username)) throw new CognitoError('UsernameExistsException', MESSAGES.usernameExists);
    const result = await forward('SignUp', body);
    const delivery = result.CodeDeliveryDetails as Json | undefined;
    if (delivery && typeof delivery.Destination === 'string') {
      result.CodeDeliveryDetails = { ...delivery, Destination: maskEmail(delivery.Destination) };
    }
    return result;
  }

  async function confirmSignUp(body: Json): Promise<Json> {
    const user = await findUser(required(body.Username, 'username'));
    required(body.ConfirmationCode, 'confirmationCode');
    if (!user) throw userNotFound(MESSAGES.usernameClientNotFound);
    if (user.UserStatus === 'CONFIRMED') throw notAuthorized(MESSAGES.alreadyConfirmed);
    return withCodeAttempt(user, async () => {
      assertCodeFresh(user);
      await forward('ConfirmSignUp', { ...body, Username: user.Username });
      // Confirming with an emailed code proves the address, as in Cognito.
      const confirmed = await userPool.getUserByUsername(ctx, user.Username);
      if (confirmed) await saveUser(withAttribute(confirmed, 'email_verified', 'true'));
      return {};
    });
  }

  async function sendCode(user: User, purpose: CodePurpose): Promise<Json> {
    const key = `send:${user.Username}`;
    assertUnderLimit(key, MAX_CODE_SENDS);
    note(key);
    const code = deps.otp();
    await saveUser({ ...user, ConfirmationCode: code });
    deps.onCode(emailOf(user), code, purpose);
    return { CodeDeliveryDetails: deliveryDetails(user) };
  }

  async function resendConfirmationCode(body: Json): Promise<Json> {
    const user = await findUser(required(body.Username, 'username'));
    if (!user) throw userNotFound(MESSAGES.usernameClientNotFound);
    if (user.UserStatus === 'CONFIRMED') throw invalidParameter(MESSAGES.resendConfirmed);
    return sendCode(user, 'ResendCode');
  }

  async function forgotPassword(body: Json): Promise<Json> {
    const user = await findUser(required(body.Username, 'username'));
    if (!user) throw userNotFound(MESSAGES.usernameClientNotFound);
    if (user.UserStatus === 'UNCONFIRMED' && attr(user, 'email_verified') !== 'true') {
      throw invalidParameter(
        'Cannot reset password for the user as there is no registered/verified email or phone_number',
      );
    }
    return sendCode(user, 'ForgotPassword');
  }

  async function confirmForgotPassword(body: Json): Promise<Json> {
    const user = await findUser(required(body.Username, 'username'));
    required(body.ConfirmationCode, 'confirmationCode');
    const password = required(body.Password, 'password');
    if (!user) throw userNotFound(MESSAGES.usernameClientNotFound);
    checkPassword(password);
    return withCodeAttempt(user, async () => {
      assertCodeFresh(user);
      await forward('ConfirmForgotPassword', { ...body, Username: user.Username });
      const updated = await userPool.getUserByUsername(ctx, user.Username);
      if (updated) await saveUser(withAttribute(updated, 'email_verified', 'true'));
      return {};
    });
  }

  // ---- signed-in calls -----------------------------------------------------------------------

  async function changePassword(body: Json): Promise<Json> {
    const user = await userFromAccessToken(body.AccessToken);
    const previous = required(body.PreviousPassword, 'previousPassword');
    const proposed = required(body.ProposedPassword, 'proposedPassword');
    checkPassword(proposed);
    if (previous !== user.Password) throw notAuthorized();
    await saveUser({ ...user, Password: proposed });
    return {};
  }

  async function globalSignOut(body: Json): Promise<Json> {
    const user = await userFromAccessToken(body.AccessToken);
    const sub = attr(user, 'sub') ?? user.Username;
    for (const token of user.RefreshTokens ?? []) {
      revokeAccessTokens(accessByRefresh.get(token));
      accessByRefresh.delete(token);
    }
    revokeAccessTokens(accessBySub.get(sub));
    accessBySub.delete(sub);
    codes.markSignedOut(sub, Math.floor(Date.now() / 1000));
    await saveUser({ ...user, RefreshTokens: [] });
    return {};
  }

  async function revokeToken(body: Json): Promise<Json> {
    required(body.ClientId, 'clientId');
    const token = required(body.Token, 'token');
    const owner = await userPool.getUserByRefreshToken(ctx, token);
    if (owner) {
      await saveUser({ ...owner, RefreshTokens: (owner.RefreshTokens ?? []).filter((t) => t !== token) });
    }
    revokeAccessTokens(accessByRefresh.get(token));
    accessByRefresh.delete(token);
    // Cognito answers success for tokens already revoked; so do we.
    return {};
  }

  async function getTokensFromRefreshToken(body: Json): Promise<Json> {
    const result = await refresh(required(body.ClientId, 'clientId'), required(body.RefreshToken, 'refreshToken'));
    return { AuthenticationResult: result.AuthenticationResult };
  }

  // ---- admin calls (local tools and tests) ---------------------------------------------------

  async function adminResetUserPassword(body: Json): Promise<Json> {
    const user = await findUser(required(body.Username, 'username'));
    if (!user) throw userNotFound();
    await saveUser({ ...user, UserStatus: 'RESET_REQUIRED', RefreshTokens: [] });
    const reset = await userPool.getUserByUsername(ctx, user.Username);
    if (reset) await sendCode(reset, 'AdminResetPassword');
    return {};
  }

  async function withUsername(target: string, body: Json): Promise<Json> {
    const login = str(body, 'Username');
    const user = login ? await findUser(login) : null;
    return forward(target, user ? { ...body, Username: user.Username } : body);
  }

  const handlers: Record<string, (body: Json) => Promise<Json>> = {
    InitiateAuth: initiateAuth,
    RespondToAuthChallenge: respondToAuthChallenge,
    SignUp: signUp,
    ConfirmSignUp: confirmSignUp,
    ResendConfirmationCode: resendConfirmationCode,
    ForgotPassword: forgotPassword,
    ConfirmForgotPassword: confirmForgotPassword,
    ChangePassword: changePassword,
    GlobalSignOut: globalSignOut,
    RevokeToken: revokeToken,
    GetTokensFromRefreshToken: getTokensFromRefreshToken,
    AdminResetUserPassword: adminResetUserPassword,
    AdminSetUserPassword: async (body) => {
      checkPassword(body.Password);
      return withUsername('AdminSetUserPassword', body);
    },
    AdminCreateUser: async (body) => {
      if (body.TemporaryPassword !== undefined) checkPassword(body.TemporaryPassword);
      return forward('AdminCreateUser', body);
    },
    AdminGetUser: (body) => withUsername('AdminGetUser', body),
    AdminConfirmSignUp: (body) => withUsername('AdminConfirmSignUp', body),
    AdminDeleteUser: (body) => withUsername('AdminDeleteUser', body),
    AdminUpdateUserAttributes: (body) => withUsername('AdminUpdateUserAttributes', body),
    // Device tracking is off in this pool; Amplify's device calls get Cognito's empty answers.
    ListDevices: async (body) => {
      await userFromAccessToken(body.AccessToken);
      return { Devices: [] };
    },
    ForgetDevice: async () => ({}),
    UpdateDeviceStatus: async () => ({}),
  };

  /** Handles one Cognito JSON call; throws CognitoError for Cognito-shaped failures. */
  return async function dispatch(target: string, body: Json): Promise<Json> {
    // A misconfigured app client id gets Cognito's own answer rather than a confusing one further in.
    if (typeof body.ClientId === 'string' && !(await cognito.services.cognito.getAppClient(ctx, body.ClientId))) {
      throw new CognitoError('ResourceNotFoundException', `User pool client ${body.ClientId} does not exist.`);
    }
    const handler = handlers[target];
    if (handler) return handler(body);
    // Every other signed-in call still gets Cognito's token checks before cognito-local sees it.
    if ('AccessToken' in body && target !== 'AssociateSoftwareToken') await userFromAccessToken(body.AccessToken);
    return forward(target, body);
  };
}
