// Shared pieces for the browser tests: a headless Debian Chromium, a fresh context per test, the stack's URLs,
// users made straight through the identity service, the network cut and restored, and a stack of a test's own.
// The screens themselves are driven through the page models in page-models/.
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type ViewportSize } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_PATH } from '../../scripts/stack/chromium';
import { signInToDashboard } from './page-models/auth-pages';
import { FIXED_CODE, type E2EStack } from './stack-info';

export { FIXED_CODE };

export { CHROMIUM_PATH };

/** The switches every test browser starts with (scripts/stack/chromium.ts, worked out once by the global setup). */
export function chromiumArgs(): string[] {
  return inject('chromiumArgs');
}

export function stackInfo(): E2EStack {
  return inject('wyrdStack');
}

export type BrowserFixture = {
  /** The file's browser, for contexts a test opens itself; a file on installed devices has none (newDevice). */
  browser: Browser;
  context: BrowserContext;
  page: Page;
  stack: E2EStack;
  errors: string[];
  /** Which devices this file's tests start on (useBrowser). */
  device: DeviceKind;
  /** This test's devices (newDevice), closed after it, with the profile folders of installed ones. */
  devices: { context: BrowserContext; profile: string | null }[];
};

/**
 * `fresh`: a new browser context per test, with nothing stored: the first visit, the service worker registered
 * and installing while the test runs. `installed`: per test, a browser of its own on a new copy of a profile in
 * which the app's service worker is already installed (its precache filled) and nothing else is stored
 * (global-setup.ts makes it once per run): a device that has opened the app before, which is where every test
 * about what a signed-in user does starts. The install is left to the tests about the first visit (landing,
 * auth, offline) and to each own-stack test: it cost about 3 CPU-seconds of every fresh context (docs/running.md,
 * "Installed devices").
 */
export type DeviceKind = 'fresh' | 'installed';

const DESKTOP: ViewportSize = { width: 1280, height: 800 };

/**
 * Registers hooks for one test file: a new device (context and page) for each test, as `asked` says.
 * `fixture.errors` collects uncaught page errors so a test can assert the app didn't crash.
 */
export function useBrowser(asked: DeviceKind = 'fresh'): BrowserFixture {
  // WYRD_E2E_DEVICE=fresh runs every file on fresh contexts (to check a test does not lean on the installed profile).
  const device: DeviceKind = process.env.WYRD_E2E_DEVICE === 'fresh' ? 'fresh' : asked;
  const fixture = { errors: [] as string[], device, devices: [] as BrowserFixture['devices'] } as BrowserFixture;
  beforeAll(async () => {
    fixture.stack = stackInfo();
    if (device === 'fresh')
      fixture.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs(), headless: true });
  });
  afterAll(async () => {
    await fixture.browser?.close();
  });
  beforeEach(async () => {
    fixture.errors = [];
    fixture.context = await newDevice(fixture);
    fixture.page = fixture.context.pages()[0] ?? (await fixture.context.newPage());
    fixture.page.on('pageerror', (error) => fixture.errors.push(error.message));
  });
  afterEach(async () => {
    // Every device, also one a failed test left open: an installed device is a browser of its own.
    for (const { context, profile } of fixture.devices.splice(0)) {
      await context.close().catch(() => undefined);
      if (profile) await rm(profile, { recursive: true, force: true, maxRetries: 3 });
    }
  });
  return fixture;
}

/**
 * A device on the shared stack for this test (`t.context`, or a second device in a sync test), of the file's kind:
 * a fresh context of the file's browser, or a browser of its own on a copy of the installed profile. Closed after
 * the test if the test has not closed it, and an installed device's profile removed.
 */
export async function newDevice(
  fixture: BrowserFixture,
  options: { viewport?: ViewportSize } = {},
): Promise<BrowserContext> {
  const viewport = options.viewport ?? DESKTOP;
  let context: BrowserContext;
  let profile: string | null = null;
  if (fixture.device === 'fresh') {
    context = await fixture.browser.newContext({ baseURL: fixture.stack.webUrl, viewport });
  } else {
    profile = await mkdtemp(path.join(tmpdir(), 'wyrd-e2e-device-'));
    await cp(inject('installedProfile'), profile, { recursive: true });
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: chromiumArgs(),
      headless: true,
      baseURL: fixture.stack.webUrl,
      viewport,
    });
  }
  fixture.devices.push({ context, profile });
  context.setDefaultTimeout(15_000);
  return context;
}

export type TestUser = { email: string; password: string; firstName: string; lastName: string };

/** A user nobody has used yet; the password meets Cognito's default policy. */
export function newUser(label = 'user'): TestUser {
  const id = randomUUID().slice(0, 8);
  return { email: `${label}-${id}@example.com`, password: `Wyrd-${id}-Pass1!`, firstName: 'Ada', lastName: 'Lovelace' };
}

async function identityCall(
  stack: E2EStack,
  operation: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const response = await fetch(stack.identityUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${operation} failed: HTTP ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Creates and confirms a user straight through the identity service (for tests that aren't about sign-up). */
export async function createConfirmedUser(stack: E2EStack, label?: string): Promise<TestUser> {
  const user = newUser(label);
  await identityCall(stack, 'SignUp', {
    ClientId: stack.clientId,
    Username: user.email,
    Password: user.password,
    UserAttributes: [
      { Name: 'email', Value: user.email },
      { Name: 'given_name', Value: user.firstName },
      { Name: 'family_name', Value: user.lastName },
    ],
  });
  await identityCall(stack, 'ConfirmSignUp', {
    ClientId: stack.clientId,
    Username: user.email,
    ConfirmationCode: FIXED_CODE,
  });
  return user;
}

/** Signs in through the identity service's USER_PASSWORD_AUTH and returns the ID token (for API checks). */
export async function localIdToken(stack: E2EStack, email: string, password: string): Promise<string> {
  const result = await identityCall(stack, 'InitiateAuth', {
    ClientId: stack.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return (result.AuthenticationResult as { IdToken: string }).IdToken;
}

/** A confirmed user, signed in on `fixture.page` and on /dashboard. */
export async function signedInUser(fixture: BrowserFixture, label?: string): Promise<TestUser> {
  const user = await createConfirmedUser(fixture.stack, label);
  await signInToDashboard(fixture.page, user);
  return user;
}

/** Waits until the service worker controls the page (needed before any offline step). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

/** Cuts the network for the whole context and reloads the page from the service worker. */
export async function reloadOffline(fixture: BrowserFixture): Promise<void> {
  await waitForServiceWorker(fixture.page);
  await fixture.context.setOffline(true);
  await fixture.page.reload();
}

/**
 * A stack of its own (same build as the shared one, its own identity service, API and data) for a test that
 * stops a service or needs other settings (`env`, e.g. `WYRD_API_URL: ''` for no API): the shared stack must
 * stay up for the other tests. `api.stop()` / `api.start()` kill and restart the API server on the same port
 * and data.
 */
export async function startOwnStack(env: Record<string, string> = {}): Promise<{
  info: E2EStack;
  api: { stop: () => Promise<void>; start: () => Promise<void> };
  close: () => Promise<void>;
}> {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = await import('node:path');
  const { startStack } = await import('../../scripts/start');
  const { E2E_DIST } = await import('./stack-info');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-e2e-own-'));
  const stack = await startStack({
    env: { LOCAL_AUTH_FIXED_CODE: FIXED_CODE, ...env },
    dataDir,
    ports: { web: 0, api: 0, identity: 0 },
    fixedCode: FIXED_CODE,
    distDir: E2E_DIST,
    build: 'never',
    log: () => undefined,
  });
  const noApi = async () => {
    throw new Error('this stack runs no API server');
  };
  return {
    info: {
      webUrl: stack.webUrl,
      apiUrl: stack.apiUrl,
      identityUrl: stack.identityUrl ?? '',
      userPoolId: stack.appConfig.cognito.userPoolId,
      clientId: stack.appConfig.cognito.userPoolClientId,
    },
    api: stack.api ?? { stop: noApi, start: noApi },
    close: async () => {
      await stack.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
