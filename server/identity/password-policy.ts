// Cognito's default password policy (min 8, lower, upper, number, symbol) with Cognito's exact messages;
// cognito-local enforces none of it, so the compatibility layer checks every call that sets a password.
import { CognitoError, invalidParameter } from './errors';

export type PasswordPolicy = {
  minimumLength: number;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumbers: boolean;
  requireSymbols: boolean;
};

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minimumLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSymbols: true,
};

// Cognito's special characters: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and an inner space.
const SYMBOLS = new Set('^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ');

const PREFIX = 'Password did not conform with policy: ';

/** The InvalidPasswordException Cognito would answer, or null when the password is acceptable. */
export function passwordPolicyError(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): CognitoError | null {
  if (password.length > 256) {
    return invalidParameter(
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must have length less than or equal to 256",
    );
  }
  // Cognito's API pattern for passwords forbids leading or trailing whitespace.
  if (password.length > 0 && !/^\S(.*\S)?$/su.test(password)) {
    return invalidParameter(
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$",
    );
  }
  const fail = (reason: string) => new CognitoError('InvalidPasswordException', `${PREFIX}${reason}`);
  if ([...password].length < policy.minimumLength) return fail('Password not long enough');
  if (policy.requireLowercase && !/\p{Ll}/u.test(password)) return fail('Password must have lowercase characters');
  if (policy.requireUppercase && !/\p{Lu}/u.test(password)) return fail('Password must have uppercase characters');
  if (policy.requireNumbers && !/[0-9]/.test(password)) return fail('Password must have numeric characters');
  if (policy.requireSymbols && ![...password].some((ch) => SYMBOLS.has(ch)))
    return fail('Password must have symbol characters');
  return null;
}

export function assertPasswordPolicy(password: unknown): void {
  const error = passwordPolicyError(typeof password === 'string' ? password : '');
  if (error) throw error;
}
