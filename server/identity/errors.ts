// Cognito-shaped errors ({"__type", "message"} with HTTP 400) and the exact messages real Cognito sends,
// so aws-amplify maps them to the same error names the app sees in production.

export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

export const MESSAGES = {
  incorrectCredentials: 'Incorrect username or password.',
  userNotFound: 'User does not exist.',
  usernameClientNotFound: 'Username/client id combination not found.',
  usernameExists: 'An account with the given email already exists.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  expiredCode: 'Invalid code provided, please request a code again.',
  limitExceeded: 'Attempt limit exceeded, please try after some time.',
  userNotConfirmed: 'User is not confirmed.',
  resetRequired: 'Password reset required for the user',
  userDisabled: 'User is disabled.',
  alreadyConfirmed: 'User cannot be confirmed. Current status is CONFIRMED',
  resendConfirmed: 'User is already confirmed.',
  invalidAccessToken: 'Invalid Access Token',
  expiredAccessToken: 'Access Token has expired',
  revokedAccessToken: 'Access Token has been revoked',
  invalidRefreshToken: 'Invalid Refresh Token',
  expiredRefreshToken: 'Refresh Token has expired',
  revokedRefreshToken: 'Refresh Token has been revoked',
} as const;

export const notAuthorized = (message: string = MESSAGES.incorrectCredentials) =>
  new CognitoError('NotAuthorizedException', message);
export const userNotFound = (message: string = MESSAGES.userNotFound) =>
  new CognitoError('UserNotFoundException', message);
export const invalidParameter = (message: string) => new CognitoError('InvalidParameterException', message);
export const codeMismatch = () => new CognitoError('CodeMismatchException', MESSAGES.codeMismatch);
export const expiredCode = () => new CognitoError('ExpiredCodeException', MESSAGES.expiredCode);
export const limitExceeded = () => new CognitoError('LimitExceededException', MESSAGES.limitExceeded);

/** Body and status for a Cognito error response. */
export function errorBody(error: CognitoError): { __type: string; message: string } {
  return { __type: error.type, message: error.message };
}
