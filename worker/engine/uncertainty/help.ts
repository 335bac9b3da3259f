// The plain-English explanation of the uncertainty figures, shared by the compare screen's help panel and
// docs/uncertainty.md so the two never disagree.

export const UNCERTAINTY_HELP_TEXT =
  'A forecast at fixed rates draws one line, but markets rise and fall. Uncertainty mode replays your plan ' +
  'many times (the trials), each time with a different but realistic run of monthly share, super, property and ' +
  'cash returns and inflation, moving together the way they have tended to. Your income, spending, tax and ' +
  'events stay as you entered them. The darker band holds the middle half of the results (25th to 75th ' +
  'percentile), the lighter band 8 in 10 of them (10th to 90th), and the line is the middle result (the median), ' +
  'which is close to the fixed-rate forecast. "Chance of running short" is the share of trials in which your ' +
  'cash accounts fall below zero at some month end. Stress tests replay one bad sequence on purpose: a 30% ' +
  'share fall (15% for property, 20% for super) in a chosen year, ten years of 7% inflation, or interest ' +
  'rates 3 points higher for five years. The same seed always gives the same results. These are ' +
  'illustrations built on long-run averages, not predictions or advice: real markets can do worse.';
