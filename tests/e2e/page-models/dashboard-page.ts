// Page model of the dashboard for the browser tests: its figures and cards, and for a user with nothing yet the
// ways to start (the guided start, the example household) and the note that resumes a guided start left part-way.
import type { Locator, Page } from 'playwright-core';
import { action } from './app-page';

export class DashboardPage {
  constructor(private readonly page: Page) {}

  /** Goes to the dashboard and waits for its net worth. */
  async open(): Promise<void> {
    await this.page.goto('/dashboard');
    await this.page.getByRole('heading', { name: 'Net Worth' }).waitFor();
  }

  /** A figure of the summary: the <dd> after the <dt> with this label. */
  async figure(label: string): Promise<string> {
    const term = this.page.locator('dt', { hasText: label });
    return (await term.locator('xpath=following-sibling::dd[1]').innerText()).trim();
  }

  /** A card of the dashboard by its heading ('Net Worth', 'Spending by Category (Last Month)', ...). */
  region(name: string): Locator {
    return this.page.getByRole('region', { name });
  }

  /** The plan-versus-actual card's verdict (its comparison runs in a worker that reads the database itself). */
  planActualStatus(): Locator {
    return this.region('Plan vs actual').getByRole('status').first();
  }

  /** Everything the dashboard shows, as text (to compare two users' dashboards). */
  async text(): Promise<string> {
    return (await this.page.getByTestId('dashboard-content').innerText()).trim();
  }

  /** The heading of the ways to start, shown while the user has no accounts. */
  startYourPlan(): Locator {
    return this.page.getByRole('heading', { name: 'Start your plan' });
  }

  exploreExample(): Locator {
    return action(this.page, 'Explore the example');
  }

  buildMyPlan(): Locator {
    return this.page.getByRole('link', { name: 'Build my plan' });
  }

  /** The note about a guided start left at `step` of four. */
  partWayNote(step: number): Locator {
    return this.page.getByText(`You are part-way through setting up your plan (step ${step} of 4).`);
  }

  carryOn(): Locator {
    return this.page.getByRole('link', { name: 'Carry on' });
  }
}
