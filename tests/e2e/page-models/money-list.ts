// What the Accounts and Recurring Items screens share, for their page models: the summary figures above the
// list, each entry's card with its Edit and Delete buttons, and the scenario marker of an event's entries.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export class MoneyList {
  constructor(protected readonly page: Page) {}

  /** The text of the summary figure headed `label` (the value follows its heading). */
  async summaryFigure(label: string): Promise<string> {
    const heading = this.page.getByRole('heading', { name: label, exact: true });
    return (await heading.locator('xpath=following-sibling::*[1]').innerText()).trim();
  }

  /** Waits until the summary figure headed `label` reads `value`. */
  async expectSummary(label: string, value: string): Promise<void> {
    await expect.poll(() => this.summaryFigure(label), { timeout: 10_000 }).toBe(value);
  }

  /** An entry's card by its name (on a phone the list is cards; on a wide screen too, in a list). */
  card(name: string, options: { exact?: boolean } = {}): Locator {
    return this.page.getByRole('article', { name, ...options });
  }

  /** The first entry whose card holds `text` (an event's entries carry 'Scenario: <name>'). */
  cardWith(text: string): Locator {
    return this.page.getByRole('article').filter({ hasText: text }).first();
  }

  editButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Edit ${name}` });
  }

  deleteButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Delete ${name}` });
  }

  /** The Edit and Delete buttons of a card found otherwise (their names end with the entry's name). */
  editIn(card: Locator): Locator {
    return card.getByRole('button', { name: /^Edit / });
  }

  deleteIn(card: Locator): Locator {
    return card.getByRole('button', { name: /^Delete / });
  }

  /** A text shown exactly so on the screen (an empty state, a marker). */
  text(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}
