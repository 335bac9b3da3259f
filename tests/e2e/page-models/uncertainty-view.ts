// Page model of the compare screen's Uncertainty mode for the browser tests: switch to it, set the trials, run and
// cancel, and read the fan charts, the cards and the percentile tables.
import type { Locator } from 'playwright-core';
import { ComparePage } from './compare-page';

export class UncertaintyView extends ComparePage {
  /** Opens the compare screen and switches it to Uncertainty. */
  async openUncertainty(): Promise<void> {
    await this.open();
    await this.page.getByRole('radio', { name: 'Uncertainty' }).check();
    await this.page.getByRole('region', { name: 'Uncertainty' }).waitFor();
  }

  trials(): Locator {
    return this.page.getByLabel('Trials');
  }

  runTrialsButton(): Locator {
    return this.page.getByRole('button', { name: 'Run' });
  }

  async cancel(): Promise<void> {
    await this.page.getByRole('button', { name: 'Cancel' }).click();
  }

  progress(): Locator {
    return this.page.getByRole('progressbar', { name: 'Trials run' });
  }

  cancelledNote(): Locator {
    return this.page.getByText('Cancelled. No results were kept.');
  }

  fanCharts(): Locator {
    return this.page.getByTestId('fan-charts');
  }

  /** The fan charts as images (named for screen readers). */
  fanChartImages(): Locator {
    return this.fanCharts().getByRole('img');
  }

  /** The canvases the fan charts are drawn on. */
  fanCanvases(): Locator {
    return this.fanCharts().locator('canvas');
  }

  /** Waits until the screen shows its `run`th result (1 for the first Run's). */
  async resultShown(run: number, timeout: number): Promise<void> {
    await this.page.locator(`[data-testid="uncertainty-results"][data-run="${run}"]`).waitFor({ timeout });
  }

  /** Waits until the fan charts are drawn. */
  async fanChartsDrawn(timeout: number): Promise<void> {
    await this.page.locator('[data-testid="fan-charts"][data-charts-drawn="true"]').waitFor({ timeout });
  }

  /** The fan charts' sections (one a scenario), in order. */
  fanChart(index: number): Locator {
    return this.fanCharts().locator('section').nth(index);
  }

  uncertaintyCards(): Locator {
    return this.page.getByTestId('uncertainty-card');
  }

  /** Each card's scenario id and the chance of a cash shortfall it shows (data-value). */
  async shortfalls(): Promise<{ id: string | null; shortfall: number }[]> {
    return this.uncertaintyCards().evaluateAll((els) =>
      els.map((el) => ({
        id: el.getAttribute('data-scenario-id'),
        shortfall: Number(el.querySelector('[data-testid="shortfall-chance"]')?.getAttribute('data-value')),
      })),
    );
  }

  async showTables(): Promise<void> {
    await this.page.getByText('Show table').click();
  }

  percentileTables(): Locator {
    return this.page.getByTestId('percentile-table');
  }

  /** A percentile table's body rows. */
  rows(table: Locator): Locator {
    return table.locator('tbody tr');
  }

  caption(table: Locator): Locator {
    return table.locator('caption');
  }
}
