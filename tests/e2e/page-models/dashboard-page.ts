// Page model of the dashboard for the browser tests: its figures' heading, and for a user with nothing yet the
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
