// Sync in real browsers against the real stack: two browser contexts are two devices of one user; what one adds
// reaches the other; an edit made offline waits (the top bar says so) and reaches the server when the network
// returns; a second user on the device sees none of the first user's data; a push too large for the page's own
// fetch goes out from the fetch worker and reaches the server whole.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createConfirmedUser, localIdToken, newDevice, useBrowser } from './harness';
import { AccountsPage } from './page-models/accounts-page';
import { AppShell } from './page-models/app-page';
import { signInToDashboard } from './page-models/auth-pages';
import { TransactionsPage } from './page-models/transactions-page';

/** Adds an account from wherever the page is (through the navigation when not on Accounts). */
async function addAccount(page: Page, name: string, balance: string) {
  const accounts = new AccountsPage(page);
  await accounts.openFromNav();
  await accounts.addAccount({ name, balance });
}

const syncState = (page: Page) => new AppShell(page).syncState();

async function expectSynced(page: Page) {
  await expect.poll(() => syncState(page).innerText(), { timeout: 20_000 }).toMatch(/^Synced at \d\d:\d\d$/);
}

/** Account names the server holds for this user (a pull from the start). */
async function serverAccountNames(apiUrl: string, token: string): Promise<string[]> {
  const response = await fetch(`${apiUrl}/sync/pull?since=0&limit=10000`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const page = (await response.json()) as { changes: { entity: string; op: string; payload: { name?: string } }[] };
  const names = new Map<string, string | null>();
  for (const c of page.changes)
    if (c.entity === 'accounts')
      names.set(JSON.stringify(c.payload.name ?? ''), c.op === 'delete' ? null : (c.payload.name ?? ''));
  return [...names.values()].filter((n): n is string => n !== null).sort();
}

/** Waits until the server holds these account names (the push went out, not just an earlier round). */
async function expectOnServer(stack: { apiUrl: string }, token: string, names: string[]) {
  await expect.poll(() => serverAccountNames(stack.apiUrl, token), { timeout: 20_000 }).toEqual([...names].sort());
}

/** How many live transactions the server holds for this user (a pull from the start). */
async function serverTransactionCount(apiUrl: string, token: string): Promise<number> {
  const response = await fetch(`${apiUrl}/sync/pull?since=0&limit=10000`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const page = (await response.json()) as { changes: { entity: string; op: string; id: string }[] };
  const live = new Set<string>();
  for (const c of page.changes)
    if (c.entity === 'transactions') {
      if (c.op === 'delete') live.delete(c.id);
      else live.add(c.id);
    }
  return live.size;
}

/** A CommBank-style statement (no header, newest first) of `n` card purchases, one a day up to yesterday. */
function statement(n: number): string {
  const lines: string[] = [];
  const day = 86_400_000;
  for (let i = 0; i < n; i++) {
    const d = new Date(Date.now() - (i + 1) * day);
    const date = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    lines.push(
      `"${date}","-${10 + (i % 40)}.${String(i % 100).padStart(2, '0')}","CARD PURCHASE SHOP ${i} SYDNEY NS AUS","+${5000 + i}.00"`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('sync between devices', () => {
  const t = useBrowser('installed');

  it('what one device adds reaches the other, both ways', async () => {
    const user = await createConfirmedUser(t.stack, 'sync');
    await signInToDashboard(t.page, user);
    const token = await localIdToken(t.stack, user.email, user.password);
    await addAccount(t.page, 'Laptop savings', '1200');
    await expectOnServer(t.stack, token, ['Laptop savings']);

    const phone = await newDevice(t, { viewport: { width: 390, height: 844 } });
    try {
      const page2 = phone.pages()[0] ?? (await phone.newPage());
      await signInToDashboard(page2, user);
      const accounts2 = new AccountsPage(page2);
      await accounts2.openFromNav();
      await expect.poll(() => accounts2.named('Laptop savings').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await addAccount(page2, 'Phone wallet', '80');
      await expectOnServer(t.stack, token, ['Laptop savings', 'Phone wallet']);
      await expectSynced(page2);
    } finally {
      await phone.close();
    }

    await new AppShell(t.page).syncNow();
    await expect
      .poll(() => new AccountsPage(t.page).named('Phone wallet').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(t.errors).toEqual([]);
  });

  it('an edit made offline waits on the device, then reaches the server when the network returns', async () => {
    const user = await createConfirmedUser(t.stack, 'offline-sync');
    await signInToDashboard(t.page, user);
    await expectSynced(t.page);
    // The page's code is loaded before the network goes (the service worker is not the point here).
    const accounts = new AccountsPage(t.page);
    await accounts.openFromNav();
    await accounts.addFirstAccountButton().waitFor();
    await t.context.setOffline(true);
    await addAccount(t.page, 'Made on the train', '42');
    await new AppShell(t.page).syncNow();
    await expect.poll(() => syncState(t.page).innerText(), { timeout: 20_000 }).toBe('Offline');
    const token = await localIdToken(t.stack, user.email, user.password);
    expect(await serverAccountNames(t.stack.apiUrl, token)).toEqual([]);
    await t.context.setOffline(false);
    await expectSynced(t.page);
    expect(await serverAccountNames(t.stack.apiUrl, token)).toEqual(['Made on the train']);
  });

  it("a second user on the same device sees none of the first user's data", async () => {
    const first = await createConfirmedUser(t.stack, 'first');
    await signInToDashboard(t.page, first);
    await addAccount(t.page, 'First user only', '500');
    await expectOnServer(t.stack, await localIdToken(t.stack, first.email, first.password), ['First user only']);
    await new AppShell(t.page).signOut();
    const second = await createConfirmedUser(t.stack, 'second');
    await signInToDashboard(t.page, second);
    await expectSynced(t.page);
    const accounts = new AccountsPage(t.page);
    await accounts.openFromNav();
    await accounts.addFirstAccountButton().waitFor();
    expect(await accounts.named('First user only').count()).toBe(0);
  });

  it('a push of more than 64 KB goes out from the fetch worker and the server gets every row', async () => {
    const user = await createConfirmedUser(t.stack, 'bigpush');
    await signInToDashboard(t.page, user);
    const token = await localIdToken(t.stack, user.email, user.password);
    await addAccount(t.page, 'Everyday', '5000');
    await expectSynced(t.page);
    // 300 transactions: one push of about 170 KB, over the size the page hands to the worker.
    const tx = new TransactionsPage(t.page);
    const facts = await tx.readStatements('Everyday', [{ name: 'big.csv', content: statement(300) }]);
    expect(facts).toEqual({ toAdd: 300, alreadyImported: 0 });
    await tx.confirmImport(300);
    await expect.poll(() => serverTransactionCount(t.stack.apiUrl, token), { timeout: 30_000 }).toBe(300);
    await expectSynced(t.page);
    expect(t.page.workers().some((w) => /fetch\.worker/.test(w.url()))).toBe(true);
  });
});
