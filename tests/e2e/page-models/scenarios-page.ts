// Page models of the scenario screens for the browser tests: the list (create a scenario from its modal, select
// and bulk delete), the template catalogue with Smart Create and a template's form, a scenario's detail screen
// (its events and the event form) and the builder with its modifications.
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
    const href = await this.card(name).getByRole('link', { name: 'Edit' }).getAttribute('href');
    const id = href!.split('/').pop()!;
    await openPage(page, `/scenarios/${id}`, name);
    return id;
  }

  /** Every scenario's card. */
  cards(): Locator {
    return this.page.getByTestId('scenario-card');
  }

  /** A scenario's card by its name. */
  card(name: string): Locator {
    return this.cards().filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  /** A scenario's name as its card shows it. */
  scenarioHeading(name: string): Locator {
    return this.page.getByRole('heading', { name });
  }

  selectAllButton(): Locator {
    return this.page.getByRole('button', { name: 'Select All' });
  }

  selectBox(name: string): Locator {
    return this.page.getByRole('checkbox', { name: `Select ${name}` });
  }

  /** The bulk delete button, named by how many scenarios are selected. */
  deleteSelectedButton(count: number): Locator {
    return this.page.getByRole('button', { name: `Delete (${count})` });
  }
}

/** The template catalogue (/scenarios/templates) and its Smart Create modal. */
export class TemplatesPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await openPage(this.page, '/scenarios/templates', 'Choose a Template');
  }

  /** A group of templates by its heading ('Property', 'Income & Career', ...). */
  group(name: string): Locator {
    return this.page.getByRole('heading', { level: 2, name, exact: true });
  }

  /** Opens a template's form from its card. */
  async chooseTemplate(name: string): Promise<void> {
    await this.page.getByRole('link', { name: new RegExp(name) }).click();
    await this.page.getByRole('heading', { level: 1, name }).waitFor();
  }

  async openSmartCreate(): Promise<SmartCreateDialog> {
    await this.page.getByRole('button', { name: /Smart Create with AI/ }).click();
    return new SmartCreateDialog(this.page.getByRole('dialog', { name: 'Smart Create with AI' }));
  }
}

export class SmartCreateDialog {
  constructor(readonly root: Locator) {}

  prompt(): Locator {
    return this.root.getByLabel('Describe your scenario');
  }

  /** The characters-used counter ('52/500'). */
  counter(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }

  createButton(): Locator {
    return this.root.getByRole('button', { name: 'Create Scenario' });
  }
}

/** A template's form (/scenarios/template/<id>): the scenario's name and the template's parameters. */
export class TemplateFormPage {
  constructor(private readonly page: Page) {}

  /** A field by its label as the form shows it ('Scenario Name *', 'Purchase price *', ...). */
  field(label: string): Locator {
    return this.page.getByLabel(label);
  }

  /** The note shown when Smart Create filled the form. */
  aiNote(): Locator {
    return this.page.getByText('AI-generated.');
  }

  createButton(): Locator {
    return this.page.getByRole('button', { name: 'Create Scenario' });
  }
}

export class ScenarioDetailPage {
  constructor(private readonly page: Page) {}

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** Every event's card. */
  eventCards(): Locator {
    return this.page.getByTestId('event-card');
  }

  /** An event's title on its card (its name, then its template). */
  eventTitle(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 3, name });
  }

  /** A text shown exactly so on the events' cards (a template's name, a month). */
  onEventCards(text: string): Locator {
    return this.eventCards().getByText(text, { exact: true });
  }

  noEvents(): Locator {
    return this.page.getByText('No events yet');
  }

  deleteEventButton(): Locator {
    return this.eventCards().getByRole('button', { name: 'Delete' });
  }

  /** Opens the Add Event form on the open detail screen once it can be submitted. */
  async openAddEvent(): Promise<EventForm> {
    await this.page.getByRole('button', { name: '+ Add Event' }).click();
    const form = new EventForm(this.page.getByRole('dialog', { name: 'Add Event' }));
    await form.root.getByRole('button', { name: 'Create Event' }).waitFor();
    return form;
  }

  /** The Edit Event form (opened from a money screen's Edit of an event's entry). */
  editEvent(): EventForm {
    return new EventForm(this.page.getByRole('dialog', { name: 'Edit Event' }));
  }
}

/** The Add Event / Edit Event modal. */
export class EventForm {
  constructor(readonly root: Locator) {}

  /** A field by its label ('Template *', 'Event Name', 'Lump sum *', ...); `exact` where one label holds another. */
  field(label: string, options: { exact?: boolean } = {}): Locator {
    return this.root.getByLabel(label, options);
  }

  /** A button of the form ('Create Event', 'Update Event', 'Cancel'). */
  button(name: 'Create Event' | 'Update Event' | 'Cancel'): Locator {
    return this.root.getByRole('button', { name });
  }
}

/** The scenario builder (/scenarios/builder and /scenarios/builder/<id>): presets, the details, modifications. */
export class BuilderPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await openPage(this.page, '/scenarios/builder', 'Create New Scenario');
  }

  preset(name: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(name) });
  }

  field(label: 'Name *' | 'This is my baseline (current situation)'): Locator {
    return this.page.getByLabel(label);
  }

  createButton(): Locator {
    return this.page.getByRole('button', { name: 'Create Scenario' });
  }

  /** The edit screen a created scenario opens on, with the scenario's name. */
  async waitForEditScreen(name?: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname.startsWith('/scenarios/builder/'));
    if (name === undefined) return;
    await this.page.getByRole('heading', { level: 1, name: 'Edit Scenario' }).waitFor();
    await this.page.getByRole('heading', { name }).waitFor();
  }

  /** A modification as the list describes it ('Add recurring: Gym'). */
  modification(listed: string): Locator {
    return this.page.getByText(listed, { exact: true });
  }

  deleteModificationButton(listed: string): Locator {
    return this.page.getByRole('button', { name: `Delete modification ${listed}` });
  }

  /** Adds a modification of `type`, filled by `fill`, and waits for it to be listed as `listed`. */
  async addModification(type: string, fill: (form: ModificationForm) => Promise<void>, listed: string): Promise<void> {
    await this.page.getByRole('button', { name: '+ Add Modification' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: new RegExp(type) }).click();
    await fill(new ModificationForm(dialog));
    await dialog.getByRole('button', { name: 'Add Modification' }).click();
    await dialog.waitFor({ state: 'detached' });
    await this.modification(listed).waitFor();
  }
}

/** The Add Modification modal once its type is chosen. */
export class ModificationForm {
  constructor(private readonly root: Locator) {}

  field(label: string): Locator {
    return this.root.getByLabel(label);
  }
}
