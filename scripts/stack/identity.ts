// The scripts' way into the local identity service (benchmarks, Lighthouse, screenshots): one Cognito JSON-protocol
// call, and a new user signed up and confirmed with the one code the scripts' stack is started with
// (LOCAL_AUTH_FIXED_CODE, docs/identity.md).

/** The confirmation code the scripts start the local identity service with. */
export const FIXED_CODE = '123456';

/** One call to the local identity service (Cognito's JSON protocol); returns its answer. */
export async function identityCall(url: string, operation: string, body: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${operation} failed: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

export type NewUser = { email: string; password: string; givenName: string; familyName: string };

/** Signs `user` up and confirms them, so the app's sign-in form takes them at once. */
export async function signUpConfirmed(url: string, clientId: string, user: NewUser): Promise<void> {
  await identityCall(url, 'SignUp', {
    ClientId: clientId,
    Username: user.email,
    Password: user.password,
    UserAttributes: [
      { Name: 'email', Value: user.email },
      { Name: 'given_name', Value: user.givenName },
      { Name: 'family_name', Value: user.familyName },
    ],
  });
  await identityCall(url, 'ConfirmSignUp', {
    ClientId: clientId,
    Username: user.email,
    ConfirmationCode: FIXED_CODE,
  });
}
