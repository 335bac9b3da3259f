// Steps every screen shares in the browser tests: opening a page by path and waiting for its heading, and
// waiting for a toast.
import type { Page } from 'playwright-core';

/** Goes to `path` and waits for the page's level-1 heading. */
export async function openPage(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Waits for a toast (or any text) shown exactly so. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}
