// What the e2e global setup hands to the tests (through vitest's provide/inject).

export const FIXED_CODE = '123456';

export type E2EStack = {
  webUrl: string;
  apiUrl: string;
  identityUrl: string;
  userPoolId: string;
  clientId: string;
};

declare module 'vitest' {
  // Module augmentation has to be an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    wyrdStack: E2EStack;
  }
}
