// Baseline assistant: recognises the user's current situation in their accounts and recurring items and
// proposes baseline events (supports_baseline templates only) for the user to review and accept.
import type { IsoDate, IsoMonth } from '../primitives';
import type { Account, Category } from '../model/account';
import type { RecurringItem } from '../model/recurring-item';
import type { Template } from '../model/template';
import { AU_DEFAULTS } from '../au/defaults';
import { grossFromNet } from '../au/take-home';
import { annualEquivalent, cents, formatDollars, PERIODS_PER_YEAR } from '../money';
import { templateDefinition, type TemplateId } from '../templates/registry';

type AccountIn = Pick<Account, 'id' | 'name' | 'account_type' | 'current_balance' | 'is_asset'> & {
  annual_rate?: number | null;
  scenario_event_id?: string | null;
};
type ItemIn = Pick<
  RecurringItem,
  'id' | 'name' | 'amount' | 'frequency' | 'account_id' | 'category_id' | 'is_active'
> & {
  scenario_event_id?: string | null;
};
type CategoryIn = Pick<Category, 'id' | 'name' | 'type'>;

export type BaselineAssistantInput = {
  accounts: readonly AccountIn[];
  recurring_items: readonly ItemIn[];
  categories: readonly CategoryIn[];
  today: IsoDate;
};

export type BaselineProposal = {
  template_id: TemplateId;
  name: string;
  /** The baseline event's month: the current month (baseline events describe the present). */
  trigger_month: IsoMonth;
  template_parameters: Record<string, unknown>;
  /** One or two sentences telling the user what was recognised and what was estimated. */
  reason: string;
  /** The accounts and recurring items this proposal was read from. */
  source_ids: string[];
  /**
   * Those of source_ids the event's own accounts and items replace: accepting the proposal must retire them
   * (delete, in the same transaction as creating the event), or the forecast counts them twice. Items a
   * template stops itself through a picker (job_income_change's current_salary_item) are not listed.
   */
  supersedes: string[];
};

/** The template's baseline event name ('My Home', 'Current Job', ...). */
const baselineName = (id: TemplateId): string => templateDefinition(id).baseline_name ?? templateDefinition(id).name;

function annualAmount(item: ItemIn): number {
  return Math.abs(annualEquivalent(item.amount, item.frequency));
}

function monthlyAmount(item: ItemIn): number {
  return annualAmount(item) / 12;
}

/** Months to repay `owed` at `annualRatePct` with a monthly `repayment` (the inverse of PMT); null: never. */
export function remainingMonths(owed: number, annualRatePct: number, repayment: number): number | null {
  if (owed <= 0) return 0;
  if (repayment <= 0) return null;
  const r = annualRatePct / 100 / 12;
  if (r <= 0) return Math.ceil(owed / repayment);
  const ratio = 1 - (r * owed) / repayment;
  if (ratio <= 0) return null; // the repayment does not even cover the interest
  return -Math.log(ratio) / Math.log(1 + r);
}

/** Keeps parameters that exist, are shown in baseline scenarios and sit within min/max. */
function baselineParameters(template: Template, raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of template.parameters) {
    const v = raw[p.name];
    if (v === undefined || p.baseline_hidden) continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) continue;
      const n = p.type === 'integer' ? Math.round(v) : cents(v);
      out[p.name] = Math.min(p.max_value ?? Infinity, Math.max(p.min_value ?? -Infinity, n));
    } else out[p.name] = p.type === 'text' && typeof v === 'string' ? v.slice(0, 200) : v;
  }
  return out;
}

const SALARY_RE = /\b(salary|salaries|wages?|pay|payroll|paycheque|paycheck|pay\s*day)\b/i;
const NOT_SALARY_RE =
  /\b(rent|rental|interest|dividends?|centrelink|family\s+tax|pension|refund|bonus|gift|side|freelance)\b/i;
const MORTGAGE_ITEM_RE = /\bmortgage\b|\bhome\s+loan\b|\bloan\s+repayments?\b/i;
const RENT_INCOME_RE = /\brent(al)?\b|\btenant/i;
const INVESTMENT_PROPERTY_RE = /\binvest(ment)?\b|\brental\b|\brent(ed)?\b|\bIP\b/;
const HOME_RE = /\bhome\b|\bhouse\b|\bresidence\b|\bppor\b|\bwhere\s+we\s+live\b/i;
const HELP_RE = /\bhelp\b|\bhecs\b|\bstudent\s+loan\b/i;
const PARTNER_RE = /\bpartner\b|\bwife\b|\bhusband\b|\bspouse\b/i;
const VOLUNTARY_SUPER_RE = /\bsuper(annuation)?\b/i;

/** Shares at least one meaningful word: links 'Investment loan - Smith St' to 'Smith St unit'. */
function sharesWord(a: string, b: string): boolean {
  const words = (s: string) =>
    new Set(
      s
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length > 2 && !['loan', 'the', 'and', 'mortgage', 'account', 'property'].includes(w)),
    );
  const wa = words(a);
  return [...words(b)].some((w) => wa.has(w));
}

/**
 * Proposes baseline events from the user's own data (entities made by scenario events are ignored):
 * - a property with a mortgage (and its repayment item) -> buy_first_home as "My Home", remaining term from
 *   the repayment by the inverse PMT; a mortgage without a property -> existing_mortgage on that account;
 * - a property with rental income -> investment_property (with its loan when one can be linked);
 * - each salary income item -> job_income_change "Current Job" (gross, grossed up from take-home pay);
 * - each super account -> superannuation "My Super" (with voluntary contributions found as expense items);
 * - each investment account -> asset_purchase "My Investments"; a HELP/HECS loan -> help_debt.
 * Every proposal's parameters are valid for its template in a baseline scenario.
 */
export function proposeBaselineEvents(input: BaselineAssistantInput): BaselineProposal[] {
  const today = input.today;
  const month = today.slice(0, 7);
  const accounts = input.accounts.filter((a) => !a.scenario_event_id);
  const items = input.recurring_items.filter((i) => !i.scenario_event_id && i.is_active);
  const categoryName = (id: string) => input.categories.find((c) => c.id === id)?.name ?? '';
  const categoryType = (id: string) => input.categories.find((c) => c.id === id)?.type;
  const isIncome = (i: ItemIn) => i.amount > 0 && categoryType(i.category_id) !== 'expense';
  const isExpense = (i: ItemIn) => i.amount < 0 && categoryType(i.category_id) !== 'income';
  const label = (i: ItemIn) => `${i.name} ${categoryName(i.category_id)}`;
  const used = new Set<string>();
  const proposals: BaselineProposal[] = [];

  const propose = (
    template_id: TemplateId,
    name: string,
    raw: Record<string, unknown>,
    reason: string,
    source_ids: string[],
    supersedes: string[],
  ) => {
    const template = templateDefinition(template_id);
    if (!template.supports_baseline) return;
    for (const id of source_ids) used.add(id);
    proposals.push({
      template_id,
      name,
      trigger_month: month,
      template_parameters: baselineParameters(template, raw),
      reason,
      source_ids,
      supersedes,
    });
  };

  const properties = accounts.filter((a) => a.account_type === 'property' && a.is_asset);
  const loans = accounts.filter(
    (a) => (a.account_type === 'mortgage' || a.account_type === 'loan') && !a.is_asset && !HELP_RE.test(a.name),
  );
  const mortgages = loans.filter((a) => a.account_type === 'mortgage' || MORTGAGE_ITEM_RE.test(a.name));
  const rentIncome = items.filter((i) => isIncome(i) && RENT_INCOME_RE.test(label(i)));
  const repayments = items.filter(
    (i) => isExpense(i) && (MORTGAGE_ITEM_RE.test(label(i)) || loans.some((l) => l.id === i.account_id)),
  );

  /** The repayment item of a loan: paid into it, else named like it, else the first one left. */
  const repaymentFor = (loan: AccountIn): ItemIn | undefined => {
    const free = repayments.filter((i) => !used.has(i.id));
    return free.find((i) => i.account_id === loan.id) ?? free.find((i) => sharesWord(i.name, loan.name)) ?? free[0];
  };

  const loanFacts = (loan: AccountIn, repayment: ItemIn | undefined, defaultRate: number) => {
    const owed = Math.abs(loan.current_balance);
    const rateKnown = loan.annual_rate != null && Number.isFinite(loan.annual_rate);
    const rate = rateKnown ? Number(loan.annual_rate) : defaultRate;
    const monthly = repayment ? monthlyAmount(repayment) : 0;
    const months = repayment ? remainingMonths(owed, rate, monthly) : null;
    const years = months === null ? null : Math.max(1, Math.min(40, Math.round(months / 12)));
    const parts = [
      `${loan.name} owes ${formatDollars(owed)} at ${rate}%${rateKnown ? '' : ' (assumed: no rate on the account)'}`,
    ];
    if (repayment) {
      parts.push(
        months === null
          ? `the ${formatDollars(monthly)} a month repayment (${repayment.name}) does not cover the interest, so the term is left at its default`
          : `at ${formatDollars(monthly)} a month (${repayment.name}) it is repaid in about ${years} years`,
      );
    } else parts.push('no repayment item was found, so the years left are the default');
    return { owed, rate, years, text: parts.join('; ') };
  };

  // Investment properties first, so the home keeps the remaining mortgage.
  for (const rent of rentIncome) {
    const candidates = properties.filter((p) => !used.has(p.id));
    const property =
      candidates.find((p) => INVESTMENT_PROPERTY_RE.test(p.name) || sharesWord(p.name, rent.name)) ??
      (candidates.length > 1
        ? (candidates.find((p) => !HOME_RE.test(p.name)) ??
          [...candidates].sort((a, b) => a.current_balance - b.current_balance)[0])
        : candidates.find((p) => !HOME_RE.test(p.name)));
    if (!property) continue;
    used.add(property.id);
    used.add(rent.id);
    const loan = loans.find(
      (l) => !used.has(l.id) && (INVESTMENT_PROPERTY_RE.test(l.name) || sharesWord(l.name, property.name)),
    );
    const repayment = loan ? repaymentFor(loan) : undefined;
    const facts = loan ? loanFacts(loan, repayment, AU_DEFAULTS.investor_rate) : null;
    const value = property.current_balance;
    const weekly = cents(annualAmount(rent) / PERIODS_PER_YEAR.weekly);
    const raw: Record<string, unknown> = {
      purchase_price: value,
      deposit_amount: Math.max(0, value - (facts?.owed ?? 0)),
      weekly_rent: weekly,
    };
    if (facts) {
      raw.loan_interest_rate = facts.rate;
      if (facts.years !== null) raw.loan_term_years = facts.years;
    }
    const ids = [property.id, rent.id, ...(loan ? [loan.id] : []), ...(repayment ? [repayment.id] : [])];
    const reason =
      `${property.name} (${formatDollars(value)}) earns ${formatDollars(weekly)} a week in rent (${rent.name})` +
      (facts ? `; ${facts.text}.` : ' and has no linked loan, so it is treated as owned outright.') +
      ' Check the state and the running costs (defaults are used; remove any of them you also entered as recurring items).';
    propose('investment_property', baselineName('investment_property'), raw, reason, ids, ids);
  }

  // The home and its mortgage.
  for (const mortgage of mortgages) {
    if (used.has(mortgage.id)) continue;
    const free = properties.filter((p) => !used.has(p.id));
    const home = free.find((p) => HOME_RE.test(p.name)) ?? free[0];
    const repayment = repaymentFor(mortgage);
    used.add(mortgage.id);
    if (repayment) used.add(repayment.id);
    const facts = loanFacts(mortgage, repayment, AU_DEFAULTS.owner_occupier_rate);
    const ids = [mortgage.id, ...(repayment ? [repayment.id] : [])];
    if (home) {
      used.add(home.id);
      const value = home.current_balance;
      const equity = Math.max(0, value - facts.owed);
      const raw: Record<string, unknown> = {
        purchase_price: value,
        deposit_amount: equity,
        loan_interest_rate: facts.rate,
      };
      if (facts.years !== null) raw.loan_term_years = facts.years;
      const reason = `${home.name} is worth ${formatDollars(value)}; ${facts.text}.${facts.owed > value ? ' It owes more than it is worth, so the loan is shown at the value.' : ''} Check the state and the running costs.`;
      propose('buy_first_home', baselineName('buy_first_home'), raw, reason, [home.id, ...ids], [home.id, ...ids]);
    } else {
      // No property to put it against: the mortgage on its own. The event repays the existing account (kept)
      // and stops the repayment item through its own picker, so nothing is superseded.
      const raw: Record<string, unknown> = { debt_account_id: mortgage.id, loan_interest_rate: facts.rate };
      if (facts.years !== null) raw.remaining_term_years = facts.years;
      if (repayment && facts.years !== null) {
        raw.repayment_amount = cents(monthlyAmount(repayment));
        raw.repayment_item = repayment.id;
        if (repayment.account_id !== mortgage.id && accounts.some((a) => a.id === repayment.account_id && a.is_asset))
          raw.repayment_account_id = repayment.account_id;
      }
      const reason = `${facts.text}. No property account was found to pair it with, so the mortgage is forecast on its own.`;
      propose('existing_mortgage', `${baselineName('existing_mortgage')}: ${mortgage.name}`, raw, reason, ids, []);
    }
  }

  // Salaries: the largest is yours; further ones are taken as your partner's unless named otherwise.
  const salaries = items
    .filter((i) => !used.has(i.id) && isIncome(i) && SALARY_RE.test(label(i)) && !NOT_SALARY_RE.test(label(i)))
    .sort((a, b) => annualAmount(b) - annualAmount(a));
  let grossForHelp: number | null = null;
  salaries.forEach((item, index) => {
    const gross = /\bgross\b|before\s+tax/i.test(label(item));
    const annual = annualAmount(item);
    const salary = gross ? cents(annual) : grossFromNet(annual, today);
    const partner = PARTNER_RE.test(item.name) || (index > 0 && !/\b(my|second\s+job)\b/i.test(item.name));
    const freq =
      item.frequency === 'weekly' || item.frequency === 'fortnightly' || item.frequency === 'monthly'
        ? item.frequency
        : 'monthly';
    const raw: Record<string, unknown> = {
      gross_annual_salary: salary,
      pay_frequency: freq,
      current_salary_item: item.id,
      taxpayer: partner ? 'partner' : 'self',
    };
    if (accounts.some((a) => a.id === item.account_id)) raw.deposit_account_id = item.account_id;
    if (grossForHelp === null && !partner) grossForHelp = salary;
    const reason = gross
      ? `${item.name} pays ${formatDollars(annual)} a year before tax.`
      : `${item.name} pays ${formatDollars(annual)} a year after tax, about ${formatDollars(salary)} gross (before tax, LITO and Medicare levy for this financial year); the event replaces the item and the forecast works out the tax and super itself.`;
    used.add(item.id);
    const base = baselineName('job_income_change');
    propose('job_income_change', salaries.length > 1 ? `${base}: ${item.name}` : base, raw, reason, [item.id], []);
  });

  // Super accounts, with voluntary contributions recognised as expense items.
  const supers = accounts.filter((a) => a.account_type === 'superannuation');
  for (const account of supers) {
    const contribution = items.find(
      (i) => !used.has(i.id) && isExpense(i) && VOLUNTARY_SUPER_RE.test(label(i)) && !/sacrific/i.test(label(i)),
    );
    const raw: Record<string, unknown> = {
      fund_name: account.name,
      super_balance: Math.max(0, account.current_balance),
    };
    if (account.annual_rate != null && Number.isFinite(account.annual_rate)) raw.expected_return = account.annual_rate;
    const ids = [account.id];
    let extra = '';
    if (contribution) {
      used.add(contribution.id);
      ids.push(contribution.id);
      const freq =
        contribution.frequency === 'weekly' ||
        contribution.frequency === 'fortnightly' ||
        contribution.frequency === 'monthly'
          ? contribution.frequency
          : 'monthly';
      raw.voluntary_contribution =
        freq === contribution.frequency ? Math.abs(contribution.amount) : cents(monthlyAmount(contribution));
      raw.contribution_frequency = freq;
      raw.contribution_type = 'after_tax';
      extra = ` plus ${contribution.name} as after-tax contributions`;
    }
    used.add(account.id);
    const base = baselineName('superannuation');
    propose(
      'superannuation',
      supers.length > 1 ? `${base}: ${account.name}` : base,
      raw,
      `${account.name} holds ${formatDollars(account.current_balance)}${extra}.`,
      ids,
      ids,
    );
  }

  // Share and fund accounts.
  for (const account of accounts.filter((a) => a.account_type === 'investment' && a.is_asset && !used.has(a.id))) {
    const raw: Record<string, unknown> = {
      asset_name: account.name,
      purchase_amount: Math.max(0, account.current_balance),
    };
    if (account.annual_rate != null && Number.isFinite(account.annual_rate)) raw.expected_return = account.annual_rate;
    used.add(account.id);
    propose(
      'asset_purchase',
      `${baselineName('asset_purchase')}: ${account.name}`,
      raw,
      `${account.name} is worth ${formatDollars(account.current_balance)}.`,
      [account.id],
      [account.id],
    );
  }

  // A HELP (HECS) debt, repaid through tax from the salary found above.
  for (const account of accounts.filter((a) => !a.is_asset && HELP_RE.test(a.name) && !used.has(a.id))) {
    const raw: Record<string, unknown> = { help_balance: Math.abs(account.current_balance) };
    if (grossForHelp !== null) raw.repayment_income = grossForHelp;
    const repayment = items.find((i) => !used.has(i.id) && isExpense(i) && HELP_RE.test(label(i)));
    const ids = [account.id, ...(repayment ? [repayment.id] : [])];
    used.add(account.id);
    if (repayment) used.add(repayment.id);
    const reason = `${account.name} owes ${formatDollars(Math.abs(account.current_balance))}; it is repaid through tax${grossForHelp !== null ? ` on your ${formatDollars(grossForHelp)} salary` : ' (enter your repayment income)'}.`;
    propose('help_debt', baselineName('help_debt'), raw, reason, ids, ids);
  }

  return proposals;
}
