// Value limits as the law words them: a grant or concession "for homes valued less than $750,000" refuses a
// $750,000 home, one "up to and including $750,000" takes it (docs/au-rules.md, "How each limit is worded").

/**
 * `below`: "less than", "under", "$X or more is not eligible" (the amount itself is outside).
 * `up_to`: "up to and including", "not more than", "does not exceed", "$X or less" (the amount itself is inside).
 */
export type LimitTest = 'below' | 'up_to';

export type Limit = { amount: number; test: LimitTest };

export function below(amount: number): Limit {
  return { amount, test: 'below' };
}

export function upTo(amount: number): Limit {
  return { amount, test: 'up_to' };
}

/** Whether `value` is within `limit` as it is worded (exact comparison: a dollar either side decides). */
export function within(value: number, limit: Limit): boolean {
  return limit.test === 'below' ? value < limit.amount : value <= limit.amount;
}
