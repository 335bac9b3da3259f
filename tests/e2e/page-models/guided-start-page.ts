// Page model of the guided start (/start) for the browser tests: the household, the accounts, pay and bills, and
// the finish that builds the baseline, step by step.
import type { Locator, Page } from 'playwright-core';

export type Person = { name: string; birthDate: string };

/** An account as the guided start asks for it: its kind and either a balance or the amount owed. */
export type StartAccount = { kind: string; name: string } & ({ balance: string } | { owed: string });

/** Pay or a bill: what it is (its field's label names an example) and how much. */
export type StartMoney = { example: string; what: string; amount: string };

export class GuidedStartPage {
  constructor(private readonly page: Page) {}

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Set up your plan' });
  }

  /** 'Step n of 4'. */
  step(n: number): Locator {
    return this.page.getByText(`Step ${n} of 4`);
  }

  /** Step 1: the person planning and, when given, their partner. */
  async fillHousehold(you: Person, partner?: Person): Promise<void> {
    const page = this.page;
    await page.getByLabel('Your first name').fill(you.name);
    await page.getByLabel('Your birth date').fill(you.birthDate);
    if (!partner) return;
    await page.getByRole('checkbox', { name: 'I plan with a partner' }).check();
    await page.getByLabel("Partner's first name").fill(partner.name);
    await page.getByLabel("Partner's birth date").fill(partner.birthDate);
  }

  async saveAndContinue(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save and continue' }).click();
  }

  async continue(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }

  /** Step 2: adds an account. */
  async addAccount(a: StartAccount): Promise<void> {
    const page = this.page;
    await page.getByLabel('Kind of account').selectOption(a.kind);
    await page.getByLabel('Account name').fill(a.name);
    if ('balance' in a) await page.getByLabel('Balance', { exact: true }).fill(a.balance);
    else await page.getByLabel('Amount owed', { exact: true }).fill(a.owed);
    await page.getByRole('button', { name: 'Add account' }).click();
  }

  /** Text in the list of accounts added so far. */
  inAccounts(text: string): Locator {
    return this.page.getByRole('list', { name: 'Your accounts' }).getByText(text);
  }

  /** Step 3: switches the form from pay to bills. */
  async moneyOut(): Promise<void> {
    await this.page.getByText('Money out', { exact: true }).click();
  }

  /** Step 3: fills what it is and the amount (how often and the category are the caller's). */
  async fillMoney(m: StartMoney): Promise<void> {
    await this.page.getByLabel(`What is it? (for example, ${m.example})`).fill(m.what);
    await this.page.getByLabel('Amount', { exact: true }).fill(m.amount);
  }

  howOften(): Locator {
    return this.page.getByLabel('How often');
  }

  category(): Locator {
    return this.page.getByLabel('Category');
  }

  /** Every element showing this text, e.g. the monthly equivalent 'About $6,067 a month'. */
  text(text: string): Locator {
    return this.page.getByText(text);
  }

  /** Adds the pay or bill ('Add pay', 'Add bill'). */
  async add(button: 'Add pay' | 'Add bill'): Promise<void> {
    await this.page.getByRole('button', { name: button }).click();
  }

  /** Text in the list of pay and bills added so far. */
  inPayAndBills(text: string): Locator {
    return this.page.getByRole('list', { name: 'Your pay and bills' }).getByText(text);
  }

  /** Step 4. */
  async buildBaseline(): Promise<void> {
    await this.page.getByRole('button', { name: 'Build my baseline' }).click();
  }

  /** The finish's links ('Add a first life event', 'See my 30-year forecast'). */
  link(name: string): Locator {
    return this.page.getByRole('link', { name });
  }
}
