// Route search params: plain repeated `selected` for compare, editEvent for scenario detail, and the
// round trip through the router's parse/stringify.
import { describe, expect, it } from 'vitest';
import {
  parseSearchParams,
  stringifySearchParams,
  validateCompareSearch,
  validateForgotPasswordSearch,
  validateLoginSearch,
  validateScenarioDetailSearch,
} from '../../src/routes/search-params';

describe('search params', () => {
  it('parses a repeated parameter into a list and a single one into a string', () => {
    expect(parseSearchParams('?selected=a&selected=b&x=1')).toEqual({ selected: ['a', 'b'], x: '1' });
    expect(parseSearchParams('')).toEqual({});
  });

  it('stringifies lists as repeated parameters and drops empty values', () => {
    expect(stringifySearchParams({ selected: ['a', 'b'], editEvent: undefined, confirmed: true })).toBe(
      '?selected=a&selected=b&confirmed=true',
    );
    expect(stringifySearchParams({})).toBe('');
  });

  it('validates compare `selected`: one, many, duplicates, blanks, absent', () => {
    expect(validateCompareSearch({ selected: 's1' })).toEqual({ selected: ['s1'] });
    expect(validateCompareSearch({ selected: ['s1', 's2', 's1', ' ', 42] })).toEqual({ selected: ['s1', 's2'] });
    expect(validateCompareSearch({})).toEqual({});
    expect(validateCompareSearch(parseSearchParams('?selected=x&selected=y'))).toEqual({ selected: ['x', 'y'] });
  });

  it('validates the optional editEvent', () => {
    expect(validateScenarioDetailSearch({ editEvent: 'e1' })).toEqual({ editEvent: 'e1' });
    expect(validateScenarioDetailSearch({ editEvent: '' })).toEqual({});
    expect(validateScenarioDetailSearch({})).toEqual({});
  });

  it('validates login and forgot-password hand-offs', () => {
    expect(validateLoginSearch({ email: 'a@b.co', confirmed: 'true', other: 1 })).toEqual({
      email: 'a@b.co',
      confirmed: true,
    });
    expect(validateForgotPasswordSearch({ email: 'a@b.co', required: 'true' })).toEqual({
      email: 'a@b.co',
      required: true,
    });
    expect(validateForgotPasswordSearch({ required: 'nope' })).toEqual({});
  });
});
