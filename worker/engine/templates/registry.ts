// Every life-event template, in catalogue order (the order the app is served them). Adding a template is one
// module in life-events/ declared with defineTemplate and one line here; the TemplateId union follows.
import type { TemplateDefinition } from './define';
import { buyFirstHome } from './life-events/buy-first-home';
import { investmentProperty } from './life-events/investment-property';
import { negativeGearing } from './life-events/negative-gearing';
import { interestOnlyMortgage } from './life-events/interest-only-mortgage';
import { existingMortgage } from './life-events/existing-mortgage';
import { extraMortgageRepayments } from './life-events/extra-mortgage-repayments';
import { sellProperty } from './life-events/sell-property';
import { jobIncomeChange } from './life-events/job-income-change';
import { parentalLeave } from './life-events/parental-leave';
import { retirement } from './life-events/retirement';
import { debtPayoff } from './life-events/debt-payoff';
import { carLoan } from './life-events/car-loan';
import { helpDebt } from './life-events/help-debt';
import { assetPurchase } from './life-events/asset-purchase';
import { debtRecycling } from './life-events/debt-recycling';
import { superannuation } from './life-events/superannuation';
import { salarySacrifice } from './life-events/salary-sacrifice';
import { inheritance } from './life-events/inheritance';
import { majorPurchase } from './life-events/major-purchase';
import { newChild } from './life-events/new-child';
import { currentReality } from './life-events/current-reality';
import { baseline } from './life-events/baseline';

export const TEMPLATE_DEFINITIONS = [
  buyFirstHome,
  investmentProperty,
  negativeGearing,
  interestOnlyMortgage,
  existingMortgage,
  extraMortgageRepayments,
  sellProperty,
  jobIncomeChange,
  parentalLeave,
  retirement,
  debtPayoff,
  carLoan,
  helpDebt,
  assetPurchase,
  debtRecycling,
  superannuation,
  salarySacrifice,
  inheritance,
  majorPurchase,
  newChild,
  currentReality,
  baseline,
] as const;

export type TemplateId = (typeof TEMPLATE_DEFINITIONS)[number]['template_id'];

const BY_ID: ReadonlyMap<string, TemplateDefinition> = new Map(TEMPLATE_DEFINITIONS.map((d) => [d.template_id, d]));

export function isTemplateId(id: unknown): id is TemplateId {
  return typeof id === 'string' && BY_ID.has(id);
}

/** The definition (catalogue entry, compiler, rules, Smart Create reading) of a template id, or undefined. */
export function findTemplateDefinition(id: string): TemplateDefinition | undefined {
  return BY_ID.get(id);
}

/** The definition of a known template id. */
export function templateDefinition(id: TemplateId): TemplateDefinition {
  return BY_ID.get(id)!;
}
