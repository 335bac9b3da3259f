// Page model of the transaction screens for the browser tests: import statement files into an account (through the
// preview), read the list's count, accept detected recurring items, open plan vs actual.
import type { Locator, Page } from 'playwright-core';
import { openPage } from './app-page';

export type StatementFile = { name: string; content: string };

export type ImportPreviewFacts = { toAdd: number; alreadyImported: number };

export class TransactionsPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await openPage(this.page, '/transactions', 'Transactions');
  }

  /** Picks the account and files on the import screen and reads them; returns at the preview with its figures. */
  async readStatements(account: string, files: StatementFile[]): Promise<ImportPreviewFacts> {
    const page = this.page;
    await openPage(page, '/transactions/import', 'Import statements');
    await page.getByLabel('Account').selectOption({ label: account });
    await page
      .getByLabel(/Statement files/)
      .setInputFiles(
        files.map((f) => ({ name: f.name, mimeType: 'text/csv', buffer: Buffer.from(f.content, 'utf8') })),
      );
    await page.getByRole('button', { name: /^Read / }).click();
    const totals = page.getByLabel('Import totals');
    await totals.waitFor();
    const toAdd = Number(
      (
        await totals
          .locator('dt', { hasText: 'Transactions to add' })
          .locator('xpath=following-sibling::dd[1]')
          .innerText()
      )
        .replace(/,/g, '')
        .trim(),
    );
    const dup = page.getByText(/already imported: skipped$/);
    const alreadyImported =
      (await dup.count()) > 0 ? Number((await dup.innerText()).replace(/,/g, '').match(/\d+/)?.[0]) : 0;
    return { toAdd, alreadyImported };
  }

  /** Confirms the open preview and waits for the done step. */
  async confirmImport(count: number): Promise<void> {
    const label = count === 1 ? 'Import 1 transaction' : `Import ${count.toLocaleString('en-AU')} transactions`;
    await this.page.getByRole('button', { name: label }).click();
    await this.page.getByRole('heading', { name: 'Import finished' }).waitFor({ timeout: 60_000 });
  }

  /** The list's count ("N transactions"). */
  async listCount(): Promise<number> {
    await this.open();
    const status = this.page.getByText(/^[\d,]+ transactions?(,|$)/).first();
    await status.waitFor();
    return Number((await status.innerText()).replace(/,/g, '').match(/\d+/)?.[0]);
  }

  /** Runs detection and returns the proposals' headings. */
  async findRecurring(): Promise<string[]> {
    const page = this.page;
    await openPage(page, '/transactions/recurring', 'Recurring items from your transactions');
    await page.getByRole('button', { name: 'Find recurring items' }).click();
    await page.getByRole('heading', { name: /^(Found|No new recurring items)/ }).waitFor({ timeout: 30_000 });
    return page.locator('li.card h3').allInnerTexts();
  }

  /** Adds the proposal whose heading matches to Recurring Items. */
  async acceptRecurring(heading: RegExp): Promise<void> {
    const card = this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: heading }) });
    await card.getByRole('button', { name: /to Recurring Items$/ }).click();
    await this.page
      .getByText(/^Added .+ to Recurring Items$/)
      .first()
      .waitFor();
    await card.waitFor({ state: 'detached' });
  }

  /** Opens plan versus actual and waits for its table of every month. */
  async openPlan(): Promise<void> {
    await openPage(this.page, '/transactions/plan', 'Plan vs actual');
    await this.page.getByRole('table', { name: 'Every month' }).waitFor();
  }

  /** Plan versus actual's verdict ('ahead of', 'behind', 'on plan'). */
  planStatus(): Locator {
    return this.page.getByRole('status').first();
  }

  /** The months' tabs. */
  monthTabs(): Locator {
    return this.page.getByRole('tab');
  }

  selectedMonthTab(): Locator {
    return this.page.getByRole('tab', { selected: true });
  }
}
