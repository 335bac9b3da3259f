// A cheap, vendor-free check for "could anyone be signed in here?". Amplify (default token storage)
// keeps Cognito tokens in localStorage under keys starting with this prefix; with none present and no
// cached identity nobody is signed in, so aws-amplify need not be downloaded to find that out.
export const AMPLIFY_TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

export function amplifyTokensPresent(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      if (localStorage.key(i)?.startsWith(AMPLIFY_TOKEN_KEY_PREFIX)) return true;
    }
    return false;
  } catch {
    // Storage unreadable: let Amplify decide.
    return true;
  }
}
