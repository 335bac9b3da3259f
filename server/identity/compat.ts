// The compatibility layer in front of cognito-local: answers each Cognito call the way real Cognito does
// (SRP sign-in, refresh, resend, global sign-out, password policy, exact error names and messages), one handler
// per operation in OPERATIONS, and forwards every other operation to cognito-local unchanged.
import { randomBytes } from 'node:crypto';
import {
  SRP_SESSION_MS,
  assertCodeFresh,
  attr,
  createCompatContext,
  findUser,
  forward,
  maskEmail,
  passwordAuth,
  refresh,
  required,
  revokeAccessTokens,
  saveUser,
  sendCode,
  trackTokens,
  userForSignIn,
  userFromAccessToken,
  withAttribute,
  withCodeAttempt,
  withUsername,
  type CompatContext,
  type CompatDeps,
  type Json,
} from './compat-context';
import type { User } from './cognito-local';
import { CognitoError, invalidParameter, notAuthorized, userNotFound, MESSAGES } from './errors';
import { assertPasswordPolicy as checkPassword } from './password-policy';
import {
  computeVerifier,
  expectedSignature,
  newSaltHex,
  parseSrpTimestamp,
  serverKey,
  signaturesMatch,
  startServerSession,
} from './srp';

export { maskEmail, type CompatDeps };

type Operation = (cx: CompatContext, body: Json) => Promise<Json>;

async function initiateAuth(cx: CompatContext, body: Json): Promise<Json> {
  const clientId = required(body.ClientId, 'clientId');
  const flow = required(body.AuthFlow, 'authFlow');
  const params = (body.AuthParameters ?? {}) as Json;
  switch (flow) {
    case 'USER_SRP_AUTH': {
      const user = await userForSignIn(cx, required(params.USERNAME, 'USERNAME'));
      const aHex = required(params.SRP_A, 'SRP_A');
      if (!/^[0-9a-f]+$/i.test(aHex)) throw invalidParameter('SRP_A is not a hexadecimal number');
      const saltHex = newSaltHex();
      const state = startServerSession(computeVerifier(cx.poolName, user.Username, user.Password, saltHex), saltHex);
      const secretBlock = randomBytes(96).toString('base64');
      const now = Date.now();
      for (const [key, session] of cx.srpSessions)
        if (now - session.createdAt > SRP_SESSION_MS) cx.srpSessions.delete(key);
      cx.srpSessions.set(secretBlock, { userId: user.Username, clientId, aHex, state, createdAt: now });
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
      const user = await userForSignIn(cx, required(params.USERNAME, 'USERNAME'));
      return passwordAuth(cx, clientId, user, required(params.PASSWORD, 'PASSWORD'), body.ClientMetadata);
    }
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refresh(cx, clientId, required(params.REFRESH_TOKEN, 'REFRESH_TOKEN'));
    default:
      throw invalidParameter(
        `The local identity service supports the USER_SRP_AUTH, USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH flows, not ${flow}.`,
      );
  }
}

async function respondToAuthChallenge(cx: CompatContext, body: Json): Promise<Json> {
  const clientId = required(body.ClientId, 'clientId');
  const challenge = required(body.ChallengeName, 'challengeName');
  const responses = (body.ChallengeResponses ?? {}) as Json;
  if (challenge === 'PASSWORD_VERIFIER') {
    const secretBlock = required(responses.PASSWORD_CLAIM_SECRET_BLOCK, 'PASSWORD_CLAIM_SECRET_BLOCK');
    const session = cx.srpSessions.get(secretBlock);
    cx.srpSessions.delete(secretBlock);
    if (!session || Date.now() - session.createdAt > SRP_SESSION_MS || session.clientId !== clientId) {
      throw notAuthorized('Invalid session for the user, session is expired.');
    }
    const timestamp = required(responses.TIMESTAMP, 'TIMESTAMP');
    if (!parseSrpTimestamp(timestamp)) throw invalidParameter('TIMESTAMP format is invalid.');
    const signature = required(responses.PASSWORD_CLAIM_SIGNATURE, 'PASSWORD_CLAIM_SIGNATURE');
    const user = await cx.userPool.getUserByUsername(cx.ctx, session.userId);
    if (!user) throw userNotFound();
    let key: Buffer;
    try {
      key = serverKey(session.state, session.aHex);
    } catch {
      throw notAuthorized();
    }
    if (!signaturesMatch(expectedSignature(key, cx.poolName, session.userId, secretBlock, timestamp), signature)) {
      throw notAuthorized();
    }
    // The proof is good: let cognito-local issue the tokens (or its next challenge) as it normally would.
    return passwordAuth(cx, clientId, user, user.Password, body.ClientMetadata);
  }
  if (challenge === 'NEW_PASSWORD_REQUIRED') checkPassword(responses.NEW_PASSWORD);
  if (typeof responses.USERNAME === 'string') {
    const user = await findUser(cx, responses.USERNAME);
    if (user) body = { ...body, ChallengeResponses: { ...responses, USERNAME: user.Username } };
  }
  return trackTokens(cx, await forward(cx, 'RespondToAuthChallenge', body));
}

async function signUp(cx: CompatContext, body: Json): Promise<Json> {
  const username = required(body.Username, 'username');
  const password = required(body.Password, 'password');
  checkPassword(password);
  if (await findUser(cx, username)) throw new CognitoError('UsernameExistsException', MESSAGES.usernameExists);
  const result = await forward(cx, 'SignUp', body);
  const delivery = result.CodeDeliveryDetails as Json | undefined;
  if (delivery && typeof delivery.Destination === 'string') {
    result.CodeDeliveryDetails = { ...delivery, Destination: maskEmail(delivery.Destination) };
  }
  return result;
}

async function confirmSignUp(cx: CompatContext, body: Json): Promise<Json> {
  const user = await findUser(cx, required(body.Username, 'username'));
  required(body.ConfirmationCode, 'confirmationCode');
  if (!user) throw userNotFound(MESSAGES.usernameClientNotFound);
  if (user.UserStatus === 'CONFIRMED') throw notAuthorized(MESSAGES.alreadyConfirmed);
  return confirmWithCode(cx, user, 'ConfirmSignUp', body);
}

/**
 * Forwards an operation that an emailed code confirms (the code fresh, the attempt counted). Confirming with an
 * emailed code proves the address, as in Cognito.
 */
async function confirmWithCode(
  cx: CompatContext,
  user: User,
  operation: 'ConfirmSignUp' | 'ConfirmForgotPassword',
  body: Json,
): Promise<Json> {
  return withCodeAttempt(cx, user, async () => {
    assertCodeFresh(cx, user);
    await forward(cx, operation, { ...body, Username: user.Username });
    const updated = await cx.userPool.getUserByUsername(cx.ctx, user.Username);
    if (updated) await saveUser(cx, withAttribute(updated, 'email_verified', 'true'));
    return {};
  });
}

async function resendConfirmationCode(cx: CompatContext, body: Json): Promise<Json> {
  const user = await findUser(cx, required(body.Username, 'username'));
  if (!user) throw userNotFound(MESSAGES.usernameClientNotFound);
  if (user.UserStatus === 'CONFIRMED') throw invalidParameter(MESSAGES.resendConfirmed);
  return sendCode(cx, user, 'ResendCode');
}

async function forgotPassword(cx: CompatContext, body: Json): Promise<Json> {
  const user = await findUser(cx, required(body.Username, 'username'));
  if (!user) throw userNotFound(MESSAGES.usernameClientNotFound);
  if (user.UserStatus === 'UNCONFIRMED' && attr(user, 'email_verified') !== 'true') {
    throw invalidParameter(
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
    );
  }
  return sendCode(cx, user, 'ForgotPassword');
}

async function confirmForgotPassword(cx: CompatContext, body: Json): Promise<Json> {
  const user = await findUser(cx, required(body.Username, 'username'));
  required(body.ConfirmationCode, 'confirmationCode');
  const password = required(body.Password, 'password');
  if (!user) throw userNotFound(MESSAGES.usernameClientNotFound);
  checkPassword(password);
  return confirmWithCode(cx, user, 'ConfirmForgotPassword', body);
}

async function changePassword(cx: CompatContext, body: Json): Promise<Json> {
  const user = await userFromAccessToken(cx, body.AccessToken);
  const previous = required(body.PreviousPassword, 'previousPassword');
  const proposed = required(body.ProposedPassword, 'proposedPassword');
  checkPassword(proposed);
  if (previous !== user.Password) throw notAuthorized();
  await saveUser(cx, { ...user, Password: proposed });
  return {};
}

async function globalSignOut(cx: CompatContext, body: Json): Promise<Json> {
  const user = await userFromAccessToken(cx, body.AccessToken);
  const sub = attr(user, 'sub') ?? user.Username;
  for (const token of user.RefreshTokens ?? []) {
    revokeAccessTokens(cx, cx.accessByRefresh.get(token));
    cx.accessByRefresh.delete(token);
  }
  revokeAccessTokens(cx, cx.accessBySub.get(sub));
  cx.accessBySub.delete(sub);
  cx.codes.markSignedOut(sub, Math.floor(Date.now() / 1000));
  await saveUser(cx, { ...user, RefreshTokens: [] });
  return {};
}

async function revokeToken(cx: CompatContext, body: Json): Promise<Json> {
  required(body.ClientId, 'clientId');
  const token = required(body.Token, 'token');
  const owner = await cx.userPool.getUserByRefreshToken(cx.ctx, token);
  if (owner) {
    await saveUser(cx, { ...owner, RefreshTokens: (owner.RefreshTokens ?? []).filter((t) => t !== token) });
  }
  revokeAccessTokens(cx, cx.accessByRefresh.get(token));
  cx.accessByRefresh.delete(token);
  // Cognito answers success for tokens already revoked; so do we.
  return {};
}

async function getTokensFromRefreshToken(cx: CompatContext, body: Json): Promise<Json> {
  const result = await refresh(cx, required(body.ClientId, 'clientId'), required(body.RefreshToken, 'refreshToken'));
  return { AuthenticationResult: result.AuthenticationResult };
}

async function adminResetUserPassword(cx: CompatContext, body: Json): Promise<Json> {
  const user = await findUser(cx, required(body.Username, 'username'));
  if (!user) throw userNotFound();
  await saveUser(cx, { ...user, UserStatus: 'RESET_REQUIRED', RefreshTokens: [] });
  const reset = await cx.userPool.getUserByUsername(cx.ctx, user.Username);
  if (reset) await sendCode(cx, reset, 'AdminResetPassword');
  return {};
}

/** One handler per Cognito operation, by its X-Amz-Target name (after "AWSCognitoIdentityProviderService."). */
export const OPERATIONS: Record<string, Operation> = {
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
  AdminSetUserPassword: async (cx, body) => {
    checkPassword(body.Password);
    return withUsername(cx, 'AdminSetUserPassword', body);
  },
  AdminCreateUser: async (cx, body) => {
    if (body.TemporaryPassword !== undefined) checkPassword(body.TemporaryPassword);
    return forward(cx, 'AdminCreateUser', body);
  },
  AdminGetUser: (cx, body) => withUsername(cx, 'AdminGetUser', body),
  AdminConfirmSignUp: (cx, body) => withUsername(cx, 'AdminConfirmSignUp', body),
  AdminDeleteUser: (cx, body) => withUsername(cx, 'AdminDeleteUser', body),
  AdminUpdateUserAttributes: (cx, body) => withUsername(cx, 'AdminUpdateUserAttributes', body),
  // Device tracking is off in this pool; Amplify's device calls get Cognito's empty answers.
  ListDevices: async (cx, body) => {
    await userFromAccessToken(cx, body.AccessToken);
    return { Devices: [] };
  },
  ForgetDevice: async () => ({}),
  UpdateDeviceStatus: async () => ({}),
};

/** The dispatcher: checks the app client, then runs the operation's handler or forwards the call. */
export function createCompat(deps: CompatDeps) {
  const cx = createCompatContext(deps);
  /** Handles one Cognito JSON call; throws CognitoError for Cognito-shaped failures. */
  return async function dispatch(target: string, body: Json): Promise<Json> {
    // A misconfigured app client id gets Cognito's own answer rather than a confusing one further in.
    if (typeof body.ClientId === 'string' && !(await cx.cognito.services.cognito.getAppClient(cx.ctx, body.ClientId))) {
      throw new CognitoError('ResourceNotFoundException', `User pool client ${body.ClientId} does not exist.`);
    }
    const handler = OPERATIONS[target];
    if (handler) return handler(cx, body);
    // Every other signed-in call still gets Cognito's token checks before cognito-local sees it.
    if ('AccessToken' in body && target !== 'AssociateSoftwareToken') await userFromAccessToken(cx, body.AccessToken);
    return forward(cx, target, body);
  };
}
