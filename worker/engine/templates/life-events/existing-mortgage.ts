// existing_mortgage: a mortgage the user already has, on its own (no property): repayments on an existing
// debt account, or a mortgage account of the amount owed, over the years left or at a known repayment.
import { PRIMARY_CASH } from '../../primitives';
import { AU_DEFAULTS } from '../../au/defaults';
import { defineTemplate } from '../define';
import { accountRef, clamp, findAccount, num, optNum, taxpayer } from '../helpers';
import { amountOrAccount, compileMortgage } from '../mortgage';
import { OFFSET_PARAMS, TAXPAYER, account, decimal, integer, item, money, pct } from '../parameter-builders';

export const existingMortgage = defineTemplate({
  template_id: 'existing_mortgage',
  name: 'Existing Mortgage',
  description:
    'A mortgage you already have, on its own: its repayments over the years left, or at the repayment you know.',
  icon: '🏦',
  supports_baseline: true,
  baseline_name: 'My Mortgage',
  baseline_description: 'A mortgage you have now, without the property.',
  group: { name: 'Property', position: 4 },
  parameters: [
    account('debt_account_id', 'Mortgage account', {
      help_text: 'Your mortgage account. Leave empty to add one owing the amount below.',
    }),
    decimal('loan_amount', 'Amount owed', 500_000, { ...money, help_text: 'Used when no mortgage account is picked.' }),
    decimal('loan_interest_rate', 'Interest rate (% a year)', AU_DEFAULTS.owner_occupier_rate, {
      ...pct(0, 30),
      required: true,
    }),
    integer('remaining_term_years', 'Years left on the loan', 25, { ...pct(1, 40), required: true }),
    decimal('repayment_amount', 'Monthly repayment (leave empty to calculate)', null, {
      ...money,
      help_text:
        'Your actual repayment, if you know it; otherwise the repayment that clears the loan over the years left.',
    }),
    item('repayment_item', 'Repayment you entered as a recurring item', 'expense', {
      help_text: 'It stops here: the loan repayments replace it.',
    }),
    account('repayment_account_id', 'Repaid from', { help_text: 'Defaults to your main cash account.' }),
    integer('investment_share_percent', 'Share used for investment (deductible %)', 0, pct(0, 100)),
    TAXPAYER,
    ...OFFSET_PARAMS,
  ],

  compile(p, ctx) {
    const picked = findAccount(ctx, p.debt_account_id);
    return compileMortgage(p, ctx, {
      existing: picked && !picked.is_asset ? picked.id : undefined,
      amount: num(p, 'loan_amount', 0),
      name: ctx.event_name && !ctx.is_baseline ? ctx.event_name : 'Mortgage',
      // The debt already exists, in a scenario too: owed at as_of, no drawdown, no opening month.
      drawn: false,
      annual_rate: clamp(num(p, 'loan_interest_rate', 6.2), 0, 100),
      term_months: Math.round(clamp(num(p, 'remaining_term_years', 25), 1, 50) * 12),
      fixed_repayment: optNum(p, 'repayment_amount'),
      repayment_from: accountRef(ctx, p.repayment_account_id, PRIMARY_CASH),
      deductible_share: clamp(num(p, 'investment_share_percent', 0), 0, 100) / 100,
      taxpayer: taxpayer(p),
    });
  },

  validate: (v) => amountOrAccount(v, 'Enter the amount owed or pick a mortgage'),
});
