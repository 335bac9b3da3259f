// Page model of Explain this number on the compare screen for the browser tests: the month slider, the dialog for a
// month and the figures each scenario's section shows.
import type { Locator, Page } from 'playwright-core';

export type ExplainedScenario = {
  heading: string | null | undefined;
  cash: string | null | undefined;
  growth: string | null | undefined;
};

export class ExplainDialog {
  constructor(private readonly page: Page) {}

  /** The slider that picks the month to explain (its aria-valuetext is the month). */
  monthSlider(): Locator {
    return this.page.getByRole('slider', { name: /Explain a month/ });
  }

  /** The dialog for this month ('Mar 2027'), or for whichever month when none is given. */
  dialog(month?: string): Locator {
    return this.page.getByRole('dialog', { name: month ? `Explain ${month}` : /^Explain [A-Z][a-z]+ \d{4}$/ });
  }

  /** The scenarios' sections in a dialog. */
  scenarios(dialog: Locator): Locator {
    return dialog.getByTestId('explain-scenario');
  }

  /** Each section's heading and its cash flow and capital growth totals as shown. */
  async shown(dialog: Locator): Promise<ExplainedScenario[]> {
    return this.scenarios(dialog).evaluateAll((sections) =>
      sections.map((s) => ({
        heading: s.querySelector('h3')?.textContent,
        cash: s.querySelector('[data-testid="explain-cash-flow-total"]')?.textContent,
        growth: s.querySelector('[data-testid="explain-capital-growth-total"]')?.textContent,
      })),
    );
  }
}
