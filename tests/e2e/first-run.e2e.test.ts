// The first ten minutes and the phone (issue 21), on the real stack: the guided start walked and resumed, the
// example household in one click to its 30-year charts (desktop and 390 px), kept apart from the user's records and
// removed without a trace on the device or the server, the phone's top bar and tab bar, and on every main screen
// no sideways overflow and no axe-core violation.
import type { Locator, Page } from 'playwright-core';
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
import { createConfirmedUser, localIdToken, useBrowser, type BrowserFixture } from './harness';
import { AccountsPage } from './page-models/accounts-page';
import { AppShell } from './page-models/app-page';
import { signInToDashboard } from './page-models/auth-pages';
import { ComparePage } from './page-models/compare-page';
import { DashboardPage } from './page-models/dashboard-page';
import { GuidedStartPage } from './page-models/guided-start-page';
import { ProfilePage } from './page-models/profile-page';

/** Counts the actions a person takes (clicks and submits) from here on. */
function actionCounter(page: Page) {
  let count = 0;
  const click = page.click.bind(page);
  return {
    get count() {
      return count;
    },
    /** Clicks the button or link and counts it. */
    async press(target: Locator) {
      count += 1;
      await target.click();
    },
    click,
  };
}

async function newUserAt(t: BrowserFixture, size: keyof typeof VIEWPORTS) {
  await t.page.setViewportSize(VIEWPORTS[size]);
  const user = await createConfirmedUser(t.stack, `first-${size}`);
  await signInToDashboard(t.page, user);
  await new DashboardPage(t.page).startYourPlan().waitFor({ timeout: 30_000 });
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
  const t = useBrowser('installed');

  for (const size of ['desktop', 'phone'] as const) {
    it(`example household at ${size} size: one action to its 30-year charts, labelled everywhere, removed without a trace`, async () => {
      const { page } = t;
      const dashboard = new DashboardPage(page);
      const shell = new AppShell(page);
      const compare = new ComparePage(page);
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
      await dashboard.startYourPlan().waitFor();

      // The start page to the 30-year comparison with its charts drawn: one action (at most three allowed).
      const actions = actionCounter(page);
      await actions.press(dashboard.exploreExample());
      await page.waitForURL((url) => url.pathname === '/scenarios/compare', { timeout: 30_000 });
      await compare.chartsDrawn(30, 60_000);
      expect(actions.count).toBeLessThanOrEqual(3);
      expect(await compare.cards().count()).toBe(4);
      const ids = { baseline: '', all: new URL(page.url()).searchParams.getAll('selected') };
      ids.baseline = ids.all[0];

      // Every main screen says it is the example, fits the width and passes axe-core.
      for (const screen of exampleScreens(ids)) {
        await openScreen(page, screen);
        await shell.exampleBanner().waitFor();
        expect(await shell.exampleBanner().innerText()).toContain('Example household');
        await expectCleanScreen(page, `${size} ${screen.name}`);
        if (size === 'phone') expect(await smallTouchTargets(page), `${screen.name}: small targets`).toEqual([]);
      }

      // Never mixed with the user's records: their own database and the server stay empty.
      const own = await page.evaluate(async () => {
        const names = (await indexedDB.databases()).map((d) => d.name ?? '');
        return names;
      });
      expect(own.some((n) => n.startsWith('wyrd-example-'))).toBe(true);
      await shell.syncControl().waitFor();
      expect(await serverRecords(t, user.email, user.password)).toBe(0);

      // One action removes it: back to the user's own empty dashboard, nothing left on the device.
      await shell.removeExample();
      await dashboard.startYourPlan().waitFor({ timeout: 30_000 });
      expect(await shell.exampleBanner().count()).toBe(0);
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
      await dashboard.startYourPlan().waitFor({ timeout: 30_000 });
      expect(await serverRecords(t, user.email, user.password)).toBe(0);
      expect(errors.filter((e) => !new URL(e.url).pathname.startsWith('/transactions'))).toEqual([]);
    });
  }

  for (const size of ['desktop', 'phone'] as const) {
    it(`guided start at ${size} size: step by step, resumed after leaving, ends in the baseline and its forecast`, async () => {
      const { page } = t;
      await newUserAt(t, size);
      const dashboard = new DashboardPage(page);
      const start = new GuidedStartPage(page);
      await dashboard.buildMyPlan().click();
      await start.heading().waitFor();
      await start.step(1).waitFor();
      await start.fillHousehold({ name: 'Alex', birthDate: '1988-05-20' }, { name: 'Jo', birthDate: '1990-02-11' });
      await expectCleanScreen(page, `${size} start household`);
      await start.saveAndContinue();

      await start.step(2).waitFor();
      await start.addAccount({ kind: 'checking', name: 'Everyday', balance: '4500' });
      await start.inAccounts('Everyday').waitFor();
      await start.addAccount({ kind: 'mortgage', name: 'Home loan', owed: '350000' });
      await start.inAccounts('$350,000 owed').waitFor();
      await expectCleanScreen(page, `${size} start accounts`);
      await start.continue();
      await start.step(3).waitFor();

      // Leave, come back: the guided start resumes at the step reached.
      await dashboard.open();
      await dashboard.partWayNote(3).waitFor();
      await dashboard.carryOn().click();
      await start.step(3).waitFor();

      await start.fillMoney({ example: 'My pay', what: 'My pay', amount: '2800' });
      expect(await start.howOften().inputValue()).toBe('fortnightly');
      await start.text('About $6,067 a month').waitFor();
      await start.category().selectOption({ label: 'Salary' });
      await start.add('Add pay');
      await start.inPayAndBills('My pay').waitFor();
      await start.moneyOut();
      await start.fillMoney({ example: 'Groceries', what: 'Groceries', amount: '250' });
      await start.howOften().selectOption('weekly');
      await start.category().selectOption({ label: 'Groceries' });
      await start.add('Add bill');
      await start.inPayAndBills('Groceries').waitFor();
      await expectCleanScreen(page, `${size} start pay and bills`);
      await start.continue();

      await start.step(4).waitFor();
      await start.buildBaseline();
      await start.text('Your baseline is ready').waitFor();
      await start.link('Add a first life event').waitFor();
      await expectCleanScreen(page, `${size} start finish`);
      await start.link('See my 30-year forecast').click();
      const compare = new ComparePage(page);
      await compare.results(30).waitFor({ timeout: 60_000 });
      await chartsDrawn(page);
      expect(await compare.cards().count()).toBe(1);

      // The household was saved into the assumptions (the profile shows both people).
      const profile = new ProfilePage(page);
      await profile.open();
      await expect.poll(() => profile.personName('You').inputValue(), { timeout: 15_000 }).toBe('Alex');
      expect(t.errors).toEqual([]);
    });
  }

  it('phone: one compact top bar row, a bottom tab bar, a menu for Profile and Sign out, the sync state as an icon', async () => {
    const { page } = t;
    await newUserAt(t, 'phone');
    const shell = new AppShell(page);
    const bar = shell.topBar();
    const barBox = (await bar.boundingBox())!;
    expect(barBox.height).toBeLessThanOrEqual(64);
    const nav = shell.mainNavigation();
    const navBox = (await nav.boundingBox())!;
    expect(navBox.y + navBox.height).toBeGreaterThanOrEqual(VIEWPORTS.phone.height - 1);
    for (const name of ['Accounts', 'Recurring Items', 'Scenarios'])
      expect(await shell.mainNavLink(name).isVisible()).toBe(true);
    // Profile and Sign out wait in the menu.
    expect(await shell.profileLink().isVisible()).toBe(false);
    await shell.openMenu();
    await shell.profileLink().click();
    await new ProfilePage(page).heading().waitFor();
    expect(await shell.profileLink().isVisible()).toBe(false);
    // The sync state: an icon named for screen readers; a tap shows its words.
    await shell.syncIcon().click();
    expect(await shell.syncState().isVisible()).toBe(true);
    expect(await smallTouchTargets(page)).toEqual([]);
    await shell.mainNavLink('Accounts').click();
    await new AccountsPage(page).heading().waitFor();
    await shell.openMenu();
    await shell.signOut();
    expect(t.errors).toEqual([]);
  });
});
