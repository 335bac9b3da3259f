// The contract between template compilers and the simulator (docs/forecast-model.md section 1):
// templates compile to these primitives; the simulator knows nothing else.

export type IsoDate = string; // YYYY-MM-DD
export type IsoMonth = string; // YYYY-MM

// AccountType, Frequency and Assumptions are defined once, by the model's zod schemas.
import type { AccountType, Frequency } from './model/common';
import type { Assumptions } from './model/assumptions';
export type { AccountType, Frequency, Assumptions };

/** When a flow or transfer happens: once on a date, or on real calendar dates (docs/forecast-model.md section 2). */
export type Schedule =
  | { type: 'once'; date: IsoDate }
  | { type: 'recurring'; frequency: Frequency; start_date: IsoDate; end_date: IsoDate | null };

/**
 * Where an amount goes. A key of a base account (its id), the key of an account
 * declared by a primitive, or PRIMARY_CASH: the scenario's main cash account
 * (primary-cash.ts: the first of the user's own asset checking accounts, else savings accounts, else one an
 * event opens, else a synthetic zero-balance checking account).
 */
export type AccountRef = string;
export const PRIMARY_CASH: AccountRef = '@cash';

/**
 * An account: a base account (opening_balance at as_of) or one an event opens.
 * An account with `opens` has balance 0 until the first day of that month; money reaches it only
 * through flows and transfers, so opening it never moves net worth by itself.
 * Sign convention inside primitives: balance is the value for assets and the amount owed (>= 0) for debts.
 * Keys are scoped to the event that declares them: refs resolve first to the event's own keys, then base ids.
 * A non-zero opening_balance of an account that opens after month 0 enters cash_flow in its opening month.
 */
export type PrimitiveAccount = {
  kind: 'account';
  key: AccountRef;
  name: string;
  account_type: AccountType;
  is_asset: boolean;
  opening_balance: number;
  opens?: IsoMonth;
  /** Percent a year: growth (property, investment, super; may be negative for depreciating assets),
   * interest earned (checking, savings) or interest charged (debts). Absent: the assumptions' rate for the type. */
  annual_rate?: number;
  institution?: string | null;
};

/**
 * Tax treatment of a flow, for the generic per-taxpayer, per-financial-year tax module. The simulator adds the
 * flow's signed amount to the taxpayer's taxable income (so a negative deductible or salary_sacrifice flow
 * reduces it) and charges the tax monthly to PRIMARY_CASH so each financial year's total is exact.
 * salary: amount is GROSS pay (> 0) into `account`; SG (rate by date) less 15% goes into super_account.
 * salary_sacrifice: amount < 0 out of the account the salary lands in; |amount| less 15% goes into super_account.
 */
export type TaxTag =
  /** Gross salary: taxed (income tax, LITO, Medicare levy); Super Guarantee paid into super_account. */
  | { kind: 'salary'; taxpayer: string; super_account?: AccountRef }
  /** Paid Parental Leave: taxable; from 1 July 2025 the government also pays SG-rate super into super_account. */
  | {
      kind: 'ppl';
      taxpayer: string;
      super_account?: AccountRef;
      /** The child's birth (or adoption) date: super is paid at pplSuperRate(birth_date), so a child born
       * before 1 July 2025 gets none even when the payments fall after it. Absent (older events): by each
       * payment's date. */
      birth_date?: IsoDate;
    }
  /** Other assessable income (rent, interest, dividends, realised gains already discounted). */
  | { kind: 'assessable'; taxpayer: string }
  /** A deductible expense (property costs, depreciation claims). */
  | { kind: 'deductible'; taxpayer: string }
  /** A pre-tax salary sacrifice into super: reduces taxable income, taxed 15% in the fund. */
  | { kind: 'salary_sacrifice'; taxpayer: string; super_account: AccountRef };

/** Money in (amount > 0) or out (amount < 0) of an account: income or expense, counted in cash_flow. */
export type PrimitiveFlow = {
  kind: 'flow';
  key: string;
  name: string;
  account: AccountRef;
  amount: number;
  schedule: Schedule;
  /** Percent a year the amount is indexed by, stepping once every 12 months from the schedule's start. */
  indexation_rate?: number;
  tax?: TaxTag;
  category_id?: string | null;
};

/**
 * Money moved between the user's own accounts (not income or expense): deposits, purchases,
 * loan drawdowns (from a debt: owed rises), repayments and redraws (to a debt: owed falls, capped at
 * what is owed). amount 'all' moves the source's whole value (asset) or, to a debt, pays off what is owed.
 */
export type PrimitiveTransfer = {
  kind: 'transfer';
  key: string;
  name: string;
  from: AccountRef;
  to: AccountRef;
  amount: number | 'all';
  schedule: Schedule;
};

/**
 * Scheduled repayments of a debt account: interest accrues monthly at annual_rate/12 on the amount owed
 * (an expense), and each month's repayment is a transfer from repayment_from to the debt, capped at what
 * is owed (a loan stops at zero). Interest-only months come first; then principal and interest with
 * PMT(r/12, remaining months, owed at that time), held fixed so extra repayments shorten the term.
 */
export type PrimitiveLoan = {
  kind: 'loan';
  key: string;
  account: AccountRef;
  annual_rate: number;
  /** First month with a repayment (interest accrues on the balance owed at the start of each month, so a
   * loan drawn down in month M usually starts repaying in M + 1). May be before as_of for an existing loan:
   * the remaining term is then term_months less the months already elapsed. */
  start: IsoMonth;
  term_months: number;
  interest_only_months?: number;
  repayment_from: AccountRef;
  /** A fixed repayment instead of PMT (for an existing loan whose repayment the user knows). */
  fixed_repayment?: number;
  /** Share (0..1) of the interest that is tax deductible, and whose deduction it is. */
  deductible_share?: number;
  taxpayer?: string;
  /**
   * A deduction shared between owners (a property owned jointly): each taxpayer's share (0..1) of the deductible
   * interest. When present it replaces `taxpayer` for the deduction; at most two people (the household's).
   */
  deductible_taxpayers?: Array<{ taxpayer: string; share: number }>;
  /** The last day the interest is deductible (for example '2027-06-30' under the proposed 2027 negative
   * gearing rule); interest of the months after the one containing this date is not. Absent: always. */
  deductible_until?: IsoDate;
  /** Offset accounts (asset accounts, usually checking or savings): interest is charged on what is owed less
   * their combined balance, never below zero. Their balances stay the user's own money. */
  offset_accounts?: AccountRef[];
  /** Extra repayments made to this loan may be drawn back (redraw) up to the amount paid ahead of schedule. */
  redraw?: boolean;
};

/**
 * A change to a taxpayer's taxable income that moves no money: a non-cash deduction (amount < 0, e.g. a
 * depreciation claim) or assessable income received as value rather than cash (amount > 0, e.g. the
 * discounted capital gain on a sale whose proceeds arrive by transfer). The simulator's tax module taxes it in
 * the financial year of each occurrence; only the tax (or refund) it causes reaches cash_flow.
 */
export type PrimitiveTaxAdjustment = {
  kind: 'tax_adjustment';
  key: string;
  name: string;
  taxpayer: string;
  /** Signed: + assessable, - deductible. */
  amount: number;
  schedule: Schedule;
};

/**
 * A HELP (study loan) debt owed by a person: each financial year's compulsory repayment is worked out by the
 * simulator's tax settlement from that person's modelled repayment income (taxable income plus reportable super
 * contributions plus net investment losses) and moved monthly from PRIMARY_CASH to `account`, capped at what is
 * owed. `account` is a debt account whose rate is the indexation.
 */
export type PrimitiveHelpDebt = {
  kind: 'help_debt';
  key: string;
  account: AccountRef;
  taxpayer: string;
};

/** Changes an existing flow (a base recurring item, by id) from a date: new amount, or stop it. */
export type PrimitiveAdjustFlow = {
  kind: 'adjust_flow';
  key: string;
  target: string;
  from: IsoDate;
  /** New signed amount from `from`; absent keeps the amount. */
  amount?: number;
  /** Stop the flow after this date (null: no change). */
  end_date?: IsoDate | null;
};

/**
 * A person retires (docs/forecast-model.md section 9). From `date` (once they are 60) their super is released:
 * before the condition of release the simulator refuses transfers out of their super accounts (when the person's
 * birth date is known). With `pension`, an account-based pension starts on the later of `date` and the 60th
 * birthday: up to the transfer balance cap of `super_account` moves into retirement phase (tax-free earnings) and
 * at least the minimum drawdown for the person's age is paid monthly into `pension.pay_to`; transfers out of the
 * account (a chosen drawdown) count towards the minimum.
 */
export type PrimitiveRetirement = {
  kind: 'retirement';
  key: string;
  /** 'self' or 'partner' (the people of the assumptions). */
  person: string;
  date: IsoDate;
  super_account?: AccountRef;
  pension?: { pay_to: AccountRef };
  /** The household's rent a fortnight in retirement, in today's dollars (Rent Assistance with the Age Pension). */
  rent_fortnightly?: number;
};

/**
 * A dependent child in the household from `from` (a birth) until the day before `until` (absent: for the whole
 * forecast): the Medicare levy's family threshold counts them from the month of `from` (docs/forecast-engine.md,
 * Tax and super). A child whose `from` is on or before as_of is taken to be in the assumptions' dependent_children.
 */
export type PrimitiveDependentChild = {
  kind: 'dependent_child';
  key: string;
  from: IsoDate;
  until?: IsoDate;
};

export type Primitive =
  | PrimitiveDependentChild
  | PrimitiveAccount
  | PrimitiveFlow
  | PrimitiveTransfer
  | PrimitiveLoan
  | PrimitiveAdjustFlow
  | PrimitiveTaxAdjustment
  | PrimitiveRetirement
  | PrimitiveHelpDebt;

/** An account's own figures, as a template compiler and the simulator read them. */
export type AccountFigures = Omit<CompileContext['accounts'][number], 'scenario_event_id'>;

/** What a template compiler may read besides its parameters. Pure data: no clock, no I/O. */
export type CompileContext = {
  event_id: string;
  event_name: string;
  trigger_month: IsoMonth;
  is_baseline: boolean;
  assumptions: Assumptions;
  /** The user's accounts and recurring items (for pickers such as debt_account_id or recurring_item parameters). */
  accounts: ReadonlyArray<{
    id: string;
    name: string;
    account_type: AccountType;
    is_asset: boolean;
    current_balance: number;
    annual_rate?: number | null;
    /** Set on an account an event materialised (optional: callers that omit it treat every account as the user's own). */
    scenario_event_id?: string | null;
  }>;
  /** The baseline scenario's event ids (optional): accounts they materialised count as the user's current ones. */
  baseline_event_ids?: ReadonlyArray<string>;
  /** Each event's trigger month by event id (optional): sell_property dates a purchase by the event that made
   * the property account it sells (the account's scenario_event_id). */
  event_months?: Readonly<Record<string, IsoMonth>>;
  recurring_items: ReadonlyArray<{
    id: string;
    name: string;
    amount: number;
    frequency: Frequency;
    start_date: IsoDate;
    end_date: IsoDate | null;
    account_id: string;
    category_id: string;
    is_active: boolean;
  }>;
};

export type TemplateCompiler = (params: Readonly<Record<string, unknown>>, ctx: CompileContext) => Primitive[];
