// What existing_mortgage and interest_only_mortgage share: a repayment schedule on the user's debt account
// or on a new mortgage account, and the end of the recurring repayment item it replaces.
import { PRIMARY_CASH, type AccountRef, type Primitive, type PrimitiveLoan } from '../primitives';
import { addMonths } from '../au/dates';
import {
  bool,
  findAccount,
  findItem,
  key,
  num,
  once,
  openAccount,
  type ParameterError,
  type Params,
  stopItem,
  type TemplateContext,
  transfer,
  triggerDate,
} from './helpers';
import { isEmptyValue } from './parameters';

export type MortgageOptions = {
  /** The user's debt account the repayments apply to; undefined: a new mortgage account of `amount`. */
  existing: AccountRef | undefined;
  amount: number;
  /** The new account's name. */
  name: string;
  /** True: the new loan is drawn into cash at the event (opens then); false: it is owed already, at as_of. */
  drawn: boolean;
  annual_rate: number;
  term_months: number;
  interest_only_months?: number;
  fixed_repayment?: number | null;
  repayment_from: AccountRef;
  /** Share of the interest that is deductible (investment use), for the taxpayer. */
  deductible_share: number;
  taxpayer: string;
};

/**
 * The offset option of a loan (parameters OFFSET_PARAMS): the picked asset account, and a new offset account
 * opened at the event with `new_offset_deposit` moved into it from `from` (not in a baseline: link one instead);
 * `redraw` as given. The loan's fields and the primitives the new account needs.
 */
export function offsetOption(
  p: Params,
  ctx: TemplateContext,
  o: { label: string; from: AccountRef },
): { primitives: Primitive[]; loan: Pick<PrimitiveLoan, 'offset_accounts' | 'redraw'> } {
  const accounts: AccountRef[] = [];
  const primitives: Primitive[] = [];
  const linked = findAccount(ctx, p.offset_account_id);
  if (linked && linked.is_asset) accounts.push(linked.id);
  const deposit = ctx.is_baseline ? 0 : Math.max(0, num(p, 'new_offset_deposit', 0));
  if (deposit > 0) {
    const offsetKey = key(ctx, 'offset');
    accounts.push(offsetKey);
    primitives.push(
      // An offset account earns no interest: its saving is the loan interest not charged.
      openAccount(ctx, offsetKey, `${o.label} offset`, 'savings', 0),
      ...transfer(ctx, 'offset_deposit', {
        name: `${o.label} offset: opening deposit`,
        from: o.from,
        to: offsetKey,
        amount: deposit,
        schedule: once(triggerDate(ctx)),
      }),
    );
  }
  return {
    primitives,
    loan: {
      ...(accounts.length > 0 ? { offset_accounts: accounts } : {}),
      ...(bool(p, 'redraw', false) ? { redraw: true } : {}),
    },
  };
}

/** The loan from the event's month, its account when new, and the end of `repayment_item`; [] with nothing owed. */
export function compileMortgage(p: Params, ctx: TemplateContext, o: MortgageOptions): Primitive[] {
  const out: Primitive[] = [];
  let account = o.existing;
  if (!account) {
    const amount = Math.max(0, o.amount);
    if (amount <= 0) return [];
    account = key(ctx, 'loan');
    out.push({
      kind: 'account',
      key: account,
      name: o.name,
      account_type: 'mortgage',
      is_asset: false,
      opening_balance: o.drawn ? 0 : amount,
      ...(o.drawn ? { opens: ctx.trigger_month } : {}),
      annual_rate: o.annual_rate,
    });
    if (o.drawn)
      out.push(
        ...transfer(ctx, 'drawdown', {
          name: 'Loan drawdown',
          from: account,
          to: PRIMARY_CASH,
          amount,
          schedule: once(triggerDate(ctx)),
        }),
      );
  }
  const offset = offsetOption(p, ctx, { label: o.name, from: o.repayment_from });
  out.push(...offset.primitives);
  out.push({
    kind: 'loan',
    key: key(ctx, 'repayments'),
    account,
    annual_rate: o.annual_rate,
    // A loan drawn at the event repays from the month after (interest accrues on the balance owed at the start
    // of a month), as car_loan and major_purchase do; one already owed repays from the event's month.
    start: o.drawn && !o.existing ? addMonths(ctx.trigger_month, 1) : ctx.trigger_month,
    term_months: o.term_months,
    ...(o.interest_only_months !== undefined ? { interest_only_months: o.interest_only_months } : {}),
    repayment_from: o.repayment_from,
    ...(o.fixed_repayment != null && o.fixed_repayment > 0 ? { fixed_repayment: o.fixed_repayment } : {}),
    ...(o.deductible_share > 0 ? { deductible_share: o.deductible_share, taxpayer: o.taxpayer } : {}),
    ...offset.loan,
  });
  // The loan's repayments replace the recurring item the user entered for them (else they count twice).
  const replaced = findItem(ctx, p.repayment_item);
  if (replaced) {
    out.push(stopItem(ctx, 'stop_repayment', replaced.id, triggerDate(ctx)));
  }
  return out;
}

/** Without a picked mortgage, the amount must be given. */
export function amountOrAccount(v: Params, message: string): ParameterError[] {
  return isEmptyValue(v.debt_account_id) && !(num(v, 'loan_amount') > 0) ? [{ field: 'loan_amount', message }] : [];
}
