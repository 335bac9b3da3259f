// Page models of the scenario screens for the browser tests: the list (create a scenario from its modal) and
// a scenario's detail screen (open the Add Event form).
import type { Locator, Page } from 'playwright-core';
import { openPage } from './app-page';

export class ScenariosPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await openPage(this.page, '/scenarios', 'Scenarios');
  }

  /** Creates a scenario from the list's modal and opens its detail screen; returns its id. */
  async createScenario(name: string): Promise<string> {
    const page = this.page;
    await this.open();
    await page.getByRole('button', { name: 'Create Scenario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Scenario' });
    await dialog.getByLabel('Name *').fill(name);
    await dialog.getByRole('button', { name: 'Create Scenario' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const href = await card.getByRole('link', { name: 'Edit' }).getAttribute('href');
    const id = href!.split('/').pop()!;
    await openPage(page, `/scenarios/${id}`, name);
    return id;
  }
}

export class ScenarioDetailPage {
  constructor(private readonly page: Page) {}

  /** Opens the Add Event form on the open detail screen and returns its dialog once it can be submitted. */
  async openAddEvent(): Promise<Locator> {
    await this.page.getByRole('button', { name: '+ Add Event' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add Event' });
    await dialog.getByRole('button', { name: 'Create Event' }).waitFor();
    return dialog;
  }
}
