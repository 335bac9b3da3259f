// Result and user shapes of the auth helper (docs/product.md section 7), free of any aws-amplify import
// so the rest of the app can type against them without pulling the vendor into its bundle.

/** Cognito user attributes the product reads (spec section 3). Values are strings as Cognito returns them. */
export type UserAttributes = {
  email?: string;
  email_verified?: string;
  given_name?: string;
  family_name?: string;
  sub?: string;
  [name: string]: string | undefined;
};

/** Sign-in steps of spec section 4; Amplify may add others, kept as plain strings. */
export type SignInStep =
  | 'DONE'
  | 'CONFIRM_SIGN_UP'
  | 'RESET_PASSWORD'
  | 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'
  | 'CONFIRM_SIGN_IN_WITH_SMS_CODE'
  | 'CONFIRM_SIGN_IN_WITH_TOTP_CODE'
  | 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE'
  | 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION'
  | 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP'
  | (string & {});

export type SignUpStep = 'CONFIRM_SIGN_UP' | 'DONE' | 'COMPLETE_AUTO_SIGN_IN' | (string & {});

export type AuthNextStep = { signInStep?: SignInStep; signUpStep?: SignUpStep };

/** Every auth helper answers with this shape: a success flag plus an error message, nextStep or attributes. */
export type AuthResult = {
  success: boolean;
  error?: string;
  nextStep?: AuthNextStep;
  attributes?: UserAttributes;
};

/** The signed-in user as the auth context holds it (also what is cached for offline sessions). */
export type AuthUser = {
  username: string;
  userId: string;
  attributes: UserAttributes | null;
};

/** What reading the current user found: a user (maybe from the offline cache) or nobody. */
export type CurrentUserResult = { user: AuthUser | null; offline: boolean };

/** Fallback messages of spec section 8, used when the identity service gives no text. */
export const AUTH_FALLBACKS = {
  login: 'Failed to login',
  signup: 'Failed to sign up',
  confirmSignup: 'Failed to confirm account',
  forgotPassword: 'Failed to send reset code',
  confirmForgotPassword: 'Failed to reset password',
  changePassword: 'Failed to change password',
  updateProfile: 'Failed to update profile',
  getUserAttributes: 'Failed to load profile',
  resendSignupCode: 'Failed to resend code',
} as const;
