// What the e2e global setup hands to the tests (through vitest's provide/inject).

import path from 'node:path';
import { repoRoot } from '../../scripts/stack/build';

export const FIXED_CODE = '123456';

/** The e2e build output: separate from dist/ so a teammate's `npm run build` can't empty it mid-run. */
export const E2E_DIST = path.join(repoRoot, 'test-results', 'e2e-dist');

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
    /** chromium.launch() switches (scripts/stack/chromium.ts), worked out once per run. */
    chromiumArgs: string[];
    /** A Chromium profile with the app's service worker installed and nothing else stored (harness: 'installed'). */
    installedProfile: string;
  }
}
