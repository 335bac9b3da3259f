// Smart Create extractors: amounts, percentages, durations, dates (en-AU order, relative to a fixed today)
// and states, read from whole prompts as the parser sees them.
import { describe, expect, it } from 'vitest';
import { extractAll, extractState, normalisePrompt } from '../../../worker/engine/smart-create/extract';

const TODAY = '2026-11-21';
const amounts = (s: string) => extractAll(s, TODAY).amounts.map((a) => (a.freq ? [a.value, a.freq] : a.value));
const percents = (s: string) => extractAll(s, TODAY).percents.map((p) => p.value);
const durations = (s: string) => extractAll(s, TODAY).durations.map((d) => `${d.value} ${d.unit}`);
const dates = (s: string) => extractAll(s, TODAY).dates.map((d) => d.date);

describe('amounts', () => {
  it.each([
    ['$750k', 750_000],
    ['750k', 750_000],
    ['$1.2m', 1_200_000],
    ['1.2 million', 1_200_000],
    ['750,000', 750_000],
    ['$750,000.50', 750_000.5],
    ['850 thousand', 850_000],
    ['750,000 dollars', 750_000],
    ['$45', 45],
    ['20000', 20_000],
  ])('reads %s', (text, value) => {
    expect(amounts(`buy it for ${text} soon`)).toEqual([value]);
  });

  it('reads frequencies written after the amount', () => {
    expect(amounts('$85,000 a year')).toEqual([[85_000, 'yearly']]);
    expect(amounts('$500 a month')).toEqual([[500, 'monthly']]);
    expect(amounts('$500 per fortnight')).toEqual([[500, 'fortnightly']]);
    expect(amounts('$520/week')).toEqual([[520, 'weekly']]);
    expect(amounts('$650pw')).toEqual([[650, 'weekly']]);
    expect(amounts('$150,000 per annum')).toEqual([[150_000, 'yearly']]);
    expect(amounts('$1000 monthly')).toEqual([[1000, 'monthly']]);
    expect(amounts('$140 a day')).toEqual([[140, 'daily']]);
  });

  it('does not read years, counts, percentages, durations or dates as money', () => {
    expect(amounts('in 2028')).toEqual([]);
    expect(amounts('a 2 bedroom unit')).toEqual([]);
    expect(amounts('6 months')).toEqual([]);
    expect(amounts('10% deposit')).toEqual([]);
    expect(amounts('a 30-year loan')).toEqual([]);
    expect(amounts('on 3/4/2027')).toEqual([]);
    expect(amounts('in 2028-03')).toEqual([]);
  });
});

describe('percentages', () => {
  it('reads %, percent and per cent', () => {
    expect(percents('a 10% deposit at 6.2% interest')).toEqual([10, 6.2]);
    expect(percents('15 percent deposit at 5.8 per cent')).toEqual([15, 5.8]);
    expect(percents('5.5 %')).toEqual([5.5]);
  });
});

describe('durations', () => {
  it('reads numbers and words with units, hyphenated or not', () => {
    expect(durations('6 months leave')).toEqual(['6 month']);
    expect(durations('18 weeks')).toEqual(['18 week']);
    expect(durations('over 2 years')).toEqual(['2 year']);
    expect(durations('a 30-year loan')).toEqual(['30 year']);
    expect(durations('six months off')).toEqual(['6 month']);
    expect(durations('for a year')).toEqual(['1 year']);
  });

  it("treats 'in N units' as a date, not a duration", () => {
    expect(durations('in 2 years')).toEqual([]);
    expect(dates('in 2 years')).toEqual(['2028-11-01']);
    expect(dates('in 18 months')).toEqual(['2028-05-01']);
    expect(dates('in about 2 years')).toEqual(['2028-11-01']);
    expect(dates("in 6 months' time")).toEqual(['2027-05-01']);
    expect(dates('in 3 weeks')).toEqual(['2026-12-12']);
  });
});

describe('dates (today 2026-11-21)', () => {
  it.each([
    ['in March 2028', '2028-03-01'],
    ['2028-03', '2028-03-01'],
    ['2028-03-15', '2028-03-15'],
    ['from next July', '2027-07-01'],
    ['from January', '2027-01-01'],
    ['next month', '2026-12-01'],
    ['next year', '2027-01-01'],
    ['March next year', '2027-03-01'],
    ['next financial year', '2027-07-01'],
    ['mid 2027', '2027-07-01'],
    ['early 2028', '2028-01-01'],
    ['at the end of 2030', '2030-12-01'],
    ['in 2029', '2029-01-01'],
    ['on 15 March 2027', '2027-03-15'],
    ['settling 3/4/2027', '2027-04-03'],
    ['due 14/06/2027', '2027-06-14'],
    ['starting February 2027', '2027-02-01'],
  ])('%s -> %s', (text, date) => {
    expect(dates(`do it ${text}`)).toEqual([date]);
  });

  it('never resolves a bare month into the past', () => {
    expect(dates('in June')).toEqual(['2027-06-01']);
    expect(dates('in December')).toEqual(['2026-12-01']);
  });

  it("does not read the verb 'may' as a month", () => {
    expect(dates('we may buy a house')).toEqual([]);
    expect(dates('baby due in May')).toEqual(['2027-05-01']);
  });

  it("marks a date after 'until' as an end date", () => {
    const d = extractAll('from July 2027 until January 2028', TODAY).dates;
    expect(d.map((x) => [x.date, x.role])).toEqual([
      ['2027-07-01', 'start'],
      ['2028-01-01', 'end'],
    ]);
  });
});

describe('states', () => {
  it.each([
    ['in NSW', 'NSW'],
    ['in Victoria', 'VIC'],
    ['in Vic', 'VIC'],
    ['in qld', 'QLD'],
    ['in Perth', 'WA'],
    ['in SA', 'SA'],
    ['in Hobart', 'TAS'],
    ['in the ACT', 'ACT'],
    ['in Darwin', 'NT'],
  ])('%s -> %s', (text, state) => {
    expect(extractState(text, normalisePrompt(text))).toBe(state);
  });

  it('does not read ordinary words as states', () => {
    const text = 'I want to act now and wa wa';
    expect(extractState(text, normalisePrompt(text))).toBeNull();
  });
});
