// Statements in a real browser against the real stack: two overlapping CommBank-style statements are imported into
// one account (the second adds only the rows not already there), the recurring pay and rent found in them are added
// to Recurring Items, and plan versus actual compares the months they cover.
import { describe, expect, it } from 'vitest';
import { signedInUser, useBrowser } from './harness';
import { AccountsPage } from './page-models/accounts-page';
import { AppShell } from './page-models/app-page';
import { DashboardPage } from './page-models/dashboard-page';
import { RecurringItemsPage } from './page-models/recurring-items-page';
import { TransactionsPage, type StatementFile } from './page-models/transactions-page';

type Row = { date: string; cents: number; description: string };

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const money = (cents: number) => {
  const sign = cents < 0 ? '-' : '+';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${pad(abs % 100)}`;
};

/** Six months of an everyday account up to yesterday: fortnightly pay, monthly rent and streaming, weekly shop. */
function history(today: Date): Row[] {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 6, 1));
  const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1));
  const rows: Row[] = [];
  let n = 0;
  for (let d = new Date(start); d <= end; d.setUTCDate(d.getUTCDate() + 1), n++) {
    const day = d.getUTCDate();
    if (day === 1) rows.push({ date: iso(d), cents: -210000, description: 'RENT RAY WHITE BONDI' });
    if (n % 14 === 3)
      rows.push({ date: iso(d), cents: 285000, description: 'Direct Credit 123456 ACME PTY LTD SALARY' });
    if (day === 15) rows.push({ date: iso(d), cents: -2299, description: 'NETFLIX.COM MELBOURNE AUS' });
    if (n % 7 === 5)
      rows.push({ date: iso(d), cents: -(9000 + ((n * 37) % 4000)), description: 'WOOLWORTHS 1234 BONDI NS AUS' });
  }
  return rows;
}

/** CommBank's export: no header, newest first, date, signed amount, description, running balance. */
function commbankCsv(rows: Row[], opening: number, from: string, to: string): string {
  let balance = opening;
  const withBalance = rows.map((r) => ({ ...r, balance: (balance += r.cents) }));
  return (
    withBalance
      .filter((r) => r.date >= from && r.date <= to)
      .reverse()
      .map((r) => {
        const [y, m, d] = r.date.split('-');
        return `"${d}/${m}/${y}","${money(r.cents)}","${r.description}","${money(r.balance)}"`;
      })
      .join('\r\n') + '\r\n'
  );
}

describe('statements', () => {
  const t = useBrowser('installed');

  it('imports two overlapping statements, accepts detected recurring items and shows plan versus actual', async () => {
    const { page } = t;
    await signedInUser(t, 'statements');
    const accounts = new AccountsPage(page);
    await accounts.open();
    await accounts.addAccount({ name: 'Everyday', balance: '5000' });

    const rows = history(new Date());
    const dates = rows.map((r) => r.date);
    const first = dates[0];
    const last = dates[dates.length - 1];
    // The first statement covers the first four months, the second the last three: a month overlaps.
    const cut1 = dates[Math.floor(dates.length * 0.66)];
    const cut2 = dates[Math.floor(dates.length * 0.5)];
    const fileA: StatementFile = { name: 'first.csv', content: commbankCsv(rows, 500000, first, cut1) };
    const fileB: StatementFile = { name: 'second.csv', content: commbankCsv(rows, 500000, cut2, last) };
    const inA = rows.filter((r) => r.date <= cut1).length;
    const inB = rows.filter((r) => r.date >= cut2).length;
    const overlap = rows.filter((r) => r.date >= cut2 && r.date <= cut1).length;

    const tx = new TransactionsPage(page);
    const a = await tx.readStatements('Everyday', [fileA]);
    expect(a).toEqual({ toAdd: inA, alreadyImported: 0 });
    await tx.confirmImport(inA);
    expect(await tx.listCount()).toBe(inA);

    const b = await tx.readStatements('Everyday', [fileB]);
    expect(b).toEqual({ toAdd: inB - overlap, alreadyImported: overlap });
    await tx.confirmImport(inB - overlap);
    expect(await tx.listCount()).toBe(rows.length);

    // Re-importing the second file adds nothing.
    const again = await tx.readStatements('Everyday', [fileB]);
    expect(again).toEqual({ toAdd: 0, alreadyImported: inB });

    const found = await tx.findRecurring();
    expect(found.some((h) => /\$2,850\.00 fortnightly/.test(h))).toBe(true);
    expect(found.some((h) => /-\$2,100\.00 monthly/.test(h))).toBe(true);
    await tx.acceptRecurring(/\$2,850\.00 fortnightly/);
    await tx.acceptRecurring(/-\$2,100\.00 monthly/);

    await new RecurringItemsPage(page).open();
    await expect.poll(() => new AppShell(page).main().innerText()).toMatch(/2,850/);

    await tx.openPlan();
    expect(await tx.planStatus().innerText()).toMatch(/ahead of|behind|on plan/);
    // Months are keyboard-navigable tabs.
    const tabs = tx.monthTabs();
    expect(await tabs.count()).toBeGreaterThanOrEqual(5);
    await tx.selectedMonthTab().focus();
    await page.keyboard.press('Home');
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');

    // The dashboard's card says the same kind of verdict over its recent months.
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await expect
      .poll(() => dashboard.planActualStatus().innerText(), { timeout: 30_000 })
      .toMatch(/ahead of the plan|behind the plan|On plan/);
    expect(t.errors).toEqual([]);
  });
});
