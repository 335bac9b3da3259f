// Steps every screen shares in the browser tests: opening a page by path, waiting for a toast or an address, an
// action by its name, and the app shell around every signed-in screen (top bar, navigation, menu, sync state).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Goes to `path` and waits for the page's level-1 heading. */
export async function openPage(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Waits for a toast (or any text) shown exactly so. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

export async function expectPath(page: Page, pathname: string, timeout = 20_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
  expect(new URL(page.url()).pathname).toBe(pathname);
}

/** A button or a link with this name (the spec names actions, not which element renders them). */
export function action(page: Page, name: string | RegExp): Locator {
  return page.getByRole('button', { name }).or(page.getByRole('link', { name })).first();
}

/** The frame of every signed-in screen: top bar, main navigation, the phone's menu, the sync state, the example. */
export class AppShell {
  constructor(private readonly page: Page) {}

  topBar(): Locator {
    return this.page.getByRole('banner');
  }

  /** The main navigation by its name (a bottom tab bar on a phone). */
  mainNavigation(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  /** The screen's main content. */
  main(): Locator {
    return this.page.getByRole('main');
  }

  /** A link in the main navigation. */
  mainNavLink(name: string): Locator {
    return this.mainNavigation().getByRole('link', { name });
  }

  /** A link in the navigation. */
  navLink(name: string, options: { exact?: boolean } = {}): Locator {
    return this.page.getByRole('navigation').getByRole('link', { name, ...options });
  }

  profileLink(): Locator {
    return this.page.getByRole('link', { name: 'Profile' });
  }

  /** Opens the phone's menu (Profile and Sign out). */
  async openMenu(): Promise<void> {
    await this.page.getByRole('button', { name: 'Menu' }).click();
  }

  signOutAction(): Locator {
    return action(this.page, 'Sign out');
  }

  /** Signs out and waits to be back on /login or the landing page. */
  async signOut(): Promise<void> {
    await this.signOutAction().click();
    await this.page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/', { timeout: 20_000 });
  }

  /** The sync state's words ('Synced at 10:42', 'Offline', 'Local only', ...). */
  syncState(): Locator {
    return this.page.getByTestId('sync-state');
  }

  syncNowButton(): Locator {
    return this.page.getByRole('button', { name: 'Sync now' });
  }

  async syncNow(): Promise<void> {
    await this.syncNowButton().click();
  }

  /** The phone's sync icon, named for screen readers by the state. */
  syncIcon(): Locator {
    return this.page.getByRole('button', { name: /^Sync: / });
  }

  /** Whichever sync control the width shows: 'Sync now' or the phone's icon. */
  syncControl(): Locator {
    return this.syncNowButton().or(this.syncIcon()).first();
  }

  exampleBanner(): Locator {
    return this.page.getByTestId('example-banner');
  }

  async removeExample(): Promise<void> {
    await this.page.getByRole('button', { name: 'Remove example' }).click();
  }

  /** Lets the sticky top bar scroll away, so it does not sit over element screenshots taken lower down. */
  async unstickTopBar(): Promise<void> {
    await this.page.addStyleTag({ content: '.top-bar { position: static !important; }' });
  }
}
