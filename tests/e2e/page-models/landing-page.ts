// Page model of the landing page for the browser tests: the headline, the 'How Wyrd Works' steps, Get Early Access
// and the waitlist form with its confirmation; and the modulepreload links any page's shell added.
import type { Locator, Page } from 'playwright-core';

const THANKS = 'Thanks for joining!';

export class LandingPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
  }

  headline(): Locator {
    return this.page.getByText(/Financial planning, the/).first();
  }

  howItWorks(): Locator {
    return this.page.getByRole('heading', { name: 'How Wyrd Works' });
  }

  /** Every element showing this step's title exactly. */
  step(title: string): Locator {
    return this.page.getByText(title, { exact: true });
  }

  /** Every button or link named Get Early Access. */
  earlyAccess(): Locator {
    return this.page
      .getByRole('button', { name: 'Get Early Access' })
      .or(this.page.getByRole('link', { name: 'Get Early Access' }));
  }

  waitlistEmail(): Locator {
    return this.page.getByRole('textbox', { name: /email/i });
  }

  /**
   * Runs `trigger` and returns the waitlist confirmation's text, shown either as a native alert() or as an
   * on-page role=alert.
   */
  async waitlistConfirmation(trigger: () => Promise<void>): Promise<string> {
    const page = this.page;
    const dialog = page.waitForEvent('dialog', { timeout: 15_000 }).then(async (d) => {
      const message = d.message();
      await d.accept();
      return message;
    });
    const alert = page.getByRole('alert').filter({ hasText: THANKS }).first();
    const inline = alert.waitFor({ timeout: 15_000 }).then(() => alert.innerText());
    await trigger();
    return Promise.any([dialog, inline]);
  }

  /** The paths of the page's modulepreload links (index.html adds them on the public routes: docs/app.md). */
  async modulePreloads(): Promise<string[]> {
    return this.page
      .locator('link[rel=modulepreload]')
      .evaluateAll((nodes) => nodes.map((node) => new URL((node as HTMLLinkElement).href).pathname));
  }
}
