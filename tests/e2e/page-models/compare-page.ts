// Page model of the compare screen for the browser tests: open it (with scenarios preselected through the query),
// pick scenarios and the period, run the comparison, wait for its charts and read the cards' figures.
import type { Locator, Page } from 'playwright-core';
import { chartsDrawn } from '../../../scripts/stack/screens';

/** One figure on a card: its exact value (data-value) and the text shown. */
export type CardFigure = { value: number; text: string };

export type CardFigures = {
  id: string;
  current: CardFigure;
  projected: CardFigure;
  total: CardFigure;
  cash: CardFigure;
  growth: CardFigure;
  labels: (string | null)[];
};

export class ComparePage {
  constructor(protected readonly page: Page) {}

  /** Goes to the compare screen (`query` preselects, e.g. '?selected=a&selected=b') and waits for its heading. */
  async open(query = ''): Promise<void> {
    await this.page.goto(`/scenarios/compare${query}`);
    await this.page.getByRole('heading', { name: 'Compare Scenarios' }).waitFor();
  }

  /** A scenario's checkbox, by the start of its name. */
  scenario(name: string): Locator {
    return this.page.getByRole('checkbox', { name: new RegExp(`^${name}`) });
  }

  /** Every 'Baseline' tag. */
  baselineTags(): Locator {
    return this.page.getByText('Baseline', { exact: true });
  }

  period(): Locator {
    return this.page.getByLabel('Forecast period');
  }

  compareButton(): Locator {
    return this.page.getByRole('button', { name: 'Compare' });
  }

  /** The Compare button whichever its state ('Compare' or 'Comparing...'). */
  runButton(): Locator {
    return this.page.getByRole('button', { name: /^(Compare|Comparing\.\.\.)$/ });
  }

  /**
   * Resolves with the Compare button's text and state the moment it turns to 'Comparing...' (watched from inside
   * the page, so a short run can't slip between two polls).
   */
  async whenComparing(): Promise<{ text: string; disabled: boolean }> {
    return this.page.evaluate(
      () =>
        new Promise<{ text: string; disabled: boolean }>((resolve) => {
          const button = [...document.querySelectorAll('button')].find(
            (b) => b.textContent === 'Compare',
          ) as HTMLButtonElement;
          const observer = new MutationObserver(() => {
            if (button.textContent === 'Comparing...') {
              observer.disconnect();
              resolve({ text: button.textContent, disabled: button.disabled });
            }
          });
          observer.observe(button, { childList: true, characterData: true, subtree: true, attributes: true });
        }),
    );
  }

  /** The message shown while nothing is selected. */
  selectionHint(): Locator {
    return this.page.getByText('Please select at least one scenario');
  }

  /** The results of a comparison over `years`. */
  results(years: number): Locator {
    return this.page.locator(`[data-testid="compare-results"][data-years="${years}"]`);
  }

  /** Waits until the charts of a comparison over `years` are drawn. */
  async chartsDrawn(years: number, timeout = 30_000): Promise<void> {
    await chartsDrawn(this.page, timeout, this.results(years));
  }

  /** Waits for the charts drawn, whatever the period (scrolling to any chart still waiting, as chartsDrawn). */
  async anyChartsDrawn(timeout = 15_000): Promise<void> {
    await chartsDrawn(this.page, timeout);
  }

  charts(): Locator {
    return this.page.getByTestId('compare-charts');
  }

  /** The charts' heights in pixels, in order. */
  async chartHeights(): Promise<number[]> {
    return this.charts()
      .locator('[role="img"]')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
  }

  /** A chart's section by its heading, e.g. 'Monthly Cash Flow Projection'. */
  chartRegion(name: string): Locator {
    return this.page.getByRole('region', { name });
  }

  /** A chart by its accessible name, e.g. 'Net Worth Projection'. */
  chart(name: string): Locator {
    return this.page.getByRole('img', { name });
  }

  /** Set once the screen has fetched the chart code and warmed charts and engine up. */
  warm(): Locator {
    return this.page.locator('.compare[data-warm="true"]');
  }

  cards(): Locator {
    return this.page.getByTestId('compare-card');
  }

  /** Every element showing this text, e.g. a card's label 'Projected (5 years)'. */
  text(text: string, options: { exact?: boolean } = {}): Locator {
    return this.page.getByText(text, options);
  }

  cashShortfall(): Locator {
    return this.page.getByTestId('cash-shortfall');
  }

  realDollars(): Locator {
    return this.page.getByRole('checkbox', { name: "Show in today's dollars" });
  }

  /** Each card's scenario id, figures and labels, in order. */
  async cardFigures(): Promise<CardFigures[]> {
    return this.cards().evaluateAll((cards) =>
      cards.map((card) => {
        const figure = (id: string) => {
          const el = card.querySelector(`[data-testid="${id}"]`);
          return { value: Number(el?.getAttribute('data-value')), text: el?.textContent ?? '' };
        };
        return {
          id: card.getAttribute('data-scenario-id') ?? '',
          current: figure('current-net-worth'),
          projected: figure('projected-net-worth'),
          total: figure('total-change'),
          cash: figure('from-cash-flow'),
          growth: figure('from-growth'),
          labels: [...card.querySelectorAll('dt')].map((dt) => dt.textContent),
        };
      }),
    );
  }
}
