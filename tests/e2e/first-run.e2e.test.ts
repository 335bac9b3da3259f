// The first ten minutes and the phone (issue 21), on the real stack: the guided start walked and resumed, the
// example household in one click to its 30-year charts (desktop and 390 px), kept apart from the user's records and
// removed without a trace on the device or the server, the phone's top bar and tab bar, and on every main screen
// no sideways overflow and no axe-core violation.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SCREENS,
  VIEWPORTS,
  axeViolations,
  chartsDrawn,
  exampleScreens,
  horizontalOverflow,
  openScreen,
  smallTouchTargets,
} from '../../scripts/stack/screens';
import { createConfirmedUser, localIdToken, signInToDashboard, useBrowser, type BrowserFixture } from './harness';

/** Counts the actions a person takes (clicks and submits) from here on. */
function actionCounter(page: Page) {
  let count = 0;
  const click = page.click.bind(page);
  return {
    get count() {
      return count;
    },
    /** Clicks the button or link with this name and counts it. */
    async press(name: string | RegExp) {
      count += 1;
      await page.getByRole('button', { name }).or(page.getByRole('link', { name })).first().click();
    },
    click,
  };
}

async function newUserAt(t: BrowserFixture, size: keyof typeof VIEWPORTS) {
  await t.page.setViewportSize(VIEWPORTS[size]);
  const user = await createConfirmedUser(t.stack, `first-${size}`);
  await signInToDashboard(t.page, user);
  await t.page.getByRole('heading', { name: 'Start your plan' }).waitFor({ timeout: 30_000 });
  return user;
}

async function expectCleanScreen(page: Page, label: string) {
  expect(await horizontalOverflow(page), `${label}: sideways overflow`).toEqual([]);
  expect(await axeViolations(page), `${label}: axe-core violations`).toEqual([]);
}

async function serverRecords(t: BrowserFixture, email: string, password: string): Promise<number> {
  const token = await localIdToken(t.stack, email, password);
  let total = 0;
  for (const path of ['/accounts', '/recurring-items', '/scenarios']) {
    const response = await fetch(`${t.stack.apiUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    total += ((await response.json()) as unknown[]).length;
  }
  return total;
}

describe('first run', () => {
  const t = useBrowser();

  for (const size of ['desktop', 'phone'] as const) {
    it(`example household at ${size} size: one action to its 30-year charts, labelled everywhere, removed without a trace`, async () => {
      const { page } = t;
      // Uncaught errors with the page they happened on. The transaction screens are still being built (their storage
      // is not in the database schema yet, so they throw on every database); theirs are reported, not counted here.
      const errors: { url: string; message: string }[] = [];
      page.on('pageerror', (error) => {
        errors.push({ url: page.url(), message: error.message });
        console.error(`page error on ${page.url()}:`, error.stack ?? error.message);
      });
      const user = await newUserAt(t, size);
      for (const screen of EMPTY_SCREENS) {
        await openScreen(page, screen);
        await expectCleanScreen(page, `${size} ${screen.name}`);
      }
      await openScreen(page, EMPTY_SCREENS[0]);
      await page.getByRole('heading', { name: 'Start your plan' }).waitFor();

      // The start page to the 30-year comparison with its charts drawn: one action (at most three allowed).
      const actions = actionCounter(page);
      await actions.press('Explore the example');
      await page.waitForURL((url) => url.pathname === '/scenarios/compare', { timeout: 30_000 });
      await page
        .locator(
          '[data-testid="compare-results"][data-years="30"] [data-testid="compare-charts"][data-charts-drawn="true"]',
        )
        .waitFor({ timeout: 60_000 });
      expect(actions.count).toBeLessThanOrEqual(3);
      expect(await page.getByTestId('compare-card').count()).toBe(4);
      const ids = { baseline: '', all: new URL(page.url()).searchParams.getAll('selected') };
      ids.baseline = ids.all[0];

      // Every main screen says it is the example, fits the width and passes axe-core.
      for (const screen of exampleScreens(ids)) {
        await openScreen(page, screen);
        await page.getByTestId('example-banner').waitFor();
        expect(await page.getByTestId('example-banner').innerText()).toContain('Example household');
        await expectCleanScreen(page, `${size} ${screen.name}`);
        if (size === 'phone') expect(await smallTouchTargets(page), `${screen.name}: small targets`).toEqual([]);
      }

      // Never mixed with the user's records: their own database and the server stay empty.
      const own = await page.evaluate(async () => {
        const names = (await indexedDB.databases()).map((d) => d.name ?? '');
        return names;
      });
      expect(own.some((n) => n.startsWith('wyrd-example-'))).toBe(true);
      await page
        .getByRole('button', { name: 'Sync now' })
        .or(page.getByRole('button', { name: /^Sync:/ }))
        .first()
        .waitFor();
      expect(await serverRecords(t, user.email, user.password)).toBe(0);

      // One action removes it: back to the user's own empty dashboard, nothing left on the device.
      await page.getByRole('button', { name: 'Remove example' }).click();
      await page.getByRole('heading', { name: 'Start your plan' }).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('example-banner').count()).toBe(0);
      await expect
        .poll(() =>
          page.evaluate(async () =>
            (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('wyrd-example-')),
          ),
        )
        .toEqual([]);
      expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('wyrd.example.')))).toEqual(
        [],
      );
      await page.reload();
      await page.getByRole('heading', { name: 'Start your plan' }).waitFor({ timeout: 30_000 });
      expect(await serverRecords(t, user.email, user.password)).toBe(0);
      expect(errors.filter((e) => !new URL(e.url).pathname.startsWith('/transactions'))).toEqual([]);
    });
  }

  for (const size of ['desktop', 'phone'] as const) {
    it(`guided start at ${size} size: step by step, resumed after leaving, ends in the baseline and its forecast`, async () => {
      const { page } = t;
      await newUserAt(t, size);
      await page.getByRole('link', { name: 'Build my plan' }).click();
      await page.getByRole('heading', { level: 1, name: 'Set up your plan' }).waitFor();
      await page.getByText('Step 1 of 4').waitFor();
      await page.getByLabel('Your first name').fill('Alex');
      await page.getByLabel('Your birth date').fill('1988-05-20');
      await page.getByRole('checkbox', { name: 'I plan with a partner' }).check();
      await page.getByLabel("Partner's first name").fill('Jo');
      await page.getByLabel("Partner's birth date").fill('1990-02-11');
      await expectCleanScreen(page, `${size} start household`);
      await page.getByRole('button', { name: 'Save and continue' }).click();

      await page.getByText('Step 2 of 4').waitFor();
      await page.getByLabel('Kind of account').selectOption('checking');
      await page.getByLabel('Account name').fill('Everyday');
      await page.getByLabel('Balance', { exact: true }).fill('4500');
      await page.getByRole('button', { name: 'Add account' }).click();
      await page.getByRole('list', { name: 'Your accounts' }).getByText('Everyday').waitFor();
      await page.getByLabel('Kind of account').selectOption('mortgage');
      await page.getByLabel('Account name').fill('Home loan');
      await page.getByLabel('Amount owed', { exact: true }).fill('350000');
      await page.getByRole('button', { name: 'Add account' }).click();
      await page.getByRole('list', { name: 'Your accounts' }).getByText('$350,000 owed').waitFor();
      await expectCleanScreen(page, `${size} start accounts`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Step 3 of 4').waitFor();

      // Leave, come back: the guided start resumes at the step reached.
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Net Worth' }).waitFor();
      await page.getByText('You are part-way through setting up your plan (step 3 of 4).').waitFor();
      await page.getByRole('link', { name: 'Carry on' }).click();
      await page.getByText('Step 3 of 4').waitFor();

      await page.getByLabel('What is it? (for example, My pay)').fill('My pay');
      await page.getByLabel('Amount', { exact: true }).fill('2800');
      expect(await page.getByLabel('How often').inputValue()).toBe('fortnightly');
      await page.getByText('About $6,067 a month').waitFor();
      await page.getByLabel('Category').selectOption({ label: 'Salary' });
      await page.getByRole('button', { name: 'Add pay' }).click();
      await page.getByRole('list', { name: 'Your pay and bills' }).getByText('My pay').waitFor();
      await page.getByText('Money out', { exact: true }).click();
      await page.getByLabel('What is it? (for example, Groceries)').fill('Groceries');
      await page.getByLabel('Amount', { exact: true }).fill('250');
      await page.getByLabel('How often').selectOption('weekly');
      await page.getByLabel('Category').selectOption({ label: 'Groceries' });
      await page.getByRole('button', { name: 'Add bill' }).click();
      await page.getByRole('list', { name: 'Your pay and bills' }).getByText('Groceries').waitFor();
      await expectCleanScreen(page, `${size} start pay and bills`);
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.getByText('Step 4 of 4').waitFor();
      await page.getByRole('button', { name: 'Build my baseline' }).click();
      await page.getByText('Your baseline is ready').waitFor();
      await page.getByRole('link', { name: 'Add a first life event' }).waitFor();
      await expectCleanScreen(page, `${size} start finish`);
      await page.getByRole('link', { name: 'See my 30-year forecast' }).click();
      await page.locator('[data-testid="compare-results"][data-years="30"]').waitFor({ timeout: 60_000 });
      await chartsDrawn(page);
      expect(await page.getByTestId('compare-card').count()).toBe(1);

      // The household was saved into the assumptions (the profile shows both people).
      await page.goto('/profile');
      await expect
        .poll(
          () => page.getByRole('group', { name: 'You', exact: true }).getByLabel('Name', { exact: true }).inputValue(),
          {
            timeout: 15_000,
          },
        )
        .toBe('Alex');
      expect(t.errors).toEqual([]);
    });
  }

  it('phone: one compact top bar row, a bottom tab bar, a menu for Profile and Sign out, the sync state as an icon', async () => {
    const { page } = t;
    await newUserAt(t, 'phone');
    const bar = page.getByRole('banner');
    const barBox = (await bar.boundingBox())!;
    expect(barBox.height).toBeLessThanOrEqual(64);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const navBox = (await nav.boundingBox())!;
    expect(navBox.y + navBox.height).toBeGreaterThanOrEqual(VIEWPORTS.phone.height - 1);
    for (const name of ['Accounts', 'Recurring Items', 'Scenarios'])
      expect(await nav.getByRole('link', { name }).isVisible()).toBe(true);
    // Profile and Sign out wait in the menu.
    expect(await page.getByRole('link', { name: 'Profile' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(await page.getByRole('link', { name: 'Profile' }).isVisible()).toBe(false);
    // The sync state: an icon named for screen readers; a tap shows its words.
    const sync = page.getByRole('button', { name: /^Sync: / });
    await sync.click();
    expect(await page.getByTestId('sync-state').isVisible()).toBe(true);
    expect(await smallTouchTargets(page)).toEqual([]);
    await nav.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/');
    expect(t.errors).toEqual([]);
  });
});
