// `npm run screenshots`: starts the real local stack (its own throwaway data), signs a new user in with Chromium and
// writes a full-page screenshot of each main screen, at desktop (1280 x 800) and phone (390 x 844) sizes, into
// test-results/screenshots/{desktop,phone}/ (git-ignored): the empty dashboard and the guided start, then every
// screen with the example household loaded. Also prints axe-core's violations and any sideways overflow per screen.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startStack } from './start';
import { repoRoot } from './stack/build';
import { CHROMIUM_PATH } from './stack/chromium';
import {
  EMPTY_SCREENS,
  VIEWPORTS,
  axeViolations,
  exampleScreens,
  exploreExample,
  horizontalOverflow,
  openScreen,
  smallTouchTargets,
  type ViewportName,
} from './stack/screens';
import { FIXED_CODE, signUpConfirmed } from './stack/identity';

const OUT = path.join(repoRoot, 'test-results', 'screenshots');

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wyrd-screenshots-'));
  const stack = await startStack({
    env: { LOCAL_AUTH_FIXED_CODE: FIXED_CODE },
    dataDir,
    ports: { web: 0, api: 0, identity: 0 },
    fixedCode: FIXED_CODE,
    distDir: path.join(repoRoot, 'test-results', 'e2e-dist'),
    build: 'if-needed',
    log: (line) => (line.startsWith('Building') || line.startsWith('  ') ? console.log(line) : undefined),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  let problems = 0;
  try {
    for (const size of Object.keys(VIEWPORTS) as ViewportName[]) {
      const dir = path.join(OUT, size);
      await mkdir(dir, { recursive: true });
      const email = `shots-${size}-${Date.now()}@example.com`;
      const password = 'Wyrd-Shots-Pass1!';
      const clientId = stack.appConfig.cognito.userPoolClientId;
      await signUpConfirmed(stack.identityUrl ?? '', clientId, {
        email,
        password,
        givenName: 'Alex',
        familyName: 'Citizen',
      });
      const context = await browser.newContext({
        baseURL: stack.webUrl,
        viewport: VIEWPORTS[size],
        deviceScaleFactor: 1,
        locale: 'en-AU',
        timezoneId: 'Australia/Sydney',
        isMobile: size === 'phone',
        hasTouch: size === 'phone',
      });
      context.setDefaultTimeout(30_000);
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel(/^email/i).fill(email);
      await page.getByLabel(/^password/i).fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');

      const shoot = async (name: string) => {
        await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
        const axe = await axeViolations(page);
        const overflow = await horizontalOverflow(page);
        const small = size === 'phone' ? await smallTouchTargets(page) : [];
        problems += axe.length + overflow.length + small.length;
        const list = (xs: string[]) => (xs.length ? xs.join('; ') : 'none');
        console.log(
          `${size} ${name}: axe ${list(axe)}; overflow ${list(overflow)}${size === 'phone' ? `; targets under 44 px ${list(small)}` : ''}`,
        );
      };
      for (const screen of EMPTY_SCREENS) {
        await openScreen(page, screen);
        await page
          .getByRole('heading', { name: screen.name === 'start' ? 'Your household' : 'Start your plan' })
          .waitFor();
        await shoot(screen.name);
      }
      await openScreen(page, EMPTY_SCREENS[0]);
      await page.getByRole('heading', { name: 'Start your plan' }).waitFor();
      const ids = await exploreExample(page);
      for (const screen of exampleScreens(ids)) {
        await openScreen(page, screen);
        await shoot(screen.name);
        if (screen.name === 'compare')
          await page.getByTestId('compare-charts').screenshot({ path: path.join(dir, 'compare-charts.png') });
      }
      if (size === 'phone') {
        await openScreen(page, exampleScreens(ids)[0]);
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('link', { name: 'Profile' }).waitFor();
        await page.screenshot({ path: path.join(dir, 'menu-open.png') });
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('button', { name: /^Sync:/ }).click();
        await page.screenshot({ path: path.join(dir, 'sync-open.png') });
      }
      await page.getByRole('button', { name: 'Remove example' }).click();
      await page.getByRole('heading', { name: 'Start your plan' }).waitFor();
      await context.close();
    }
    console.log(`Screenshots in ${path.relative(process.cwd(), OUT)}/{desktop,phone}/ (${problems} problems found)`);
  } finally {
    await browser.close();
    await stack.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  if (problems > 0) process.exitCode = 1;
}

await main();
