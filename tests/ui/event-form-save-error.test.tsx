// The save-error formatter shared by the event form and the template form (docs/product.md section 8).
import { describe, expect, it } from 'vitest';
import {
  EVENT_SAVE_FALLBACK,
  TEMPLATE_CREATE_FALLBACK,
  errorDetail,
  formatErrorDetail,
  saveErrorMessage,
} from '../../src/features/scenarios/event-form/save-error';
import { DataValidationError, RecordNotFoundError } from '../../src/data/repositories/errors';

describe('formatErrorDetail', () => {
  it("joins an array of validation errors as 'location → path: message' with '; '", () => {
    const detail = [
      { loc: ['body', 'template_parameters', 'purchase_price'], msg: 'must be at least 0', type: 'value_error' },
      { loc: ['body', 'name'], msg: 'field required' },
    ];
    expect(formatErrorDetail(detail, EVENT_SAVE_FALLBACK)).toBe(
      'body → template_parameters.purchase_price: must be at least 0; body → name: field required',
    );
  });

  it('shows an item without a location as its message, and a bare location as location: message', () => {
    expect(formatErrorDetail([{ msg: 'bad' }, { loc: ['query'], msg: 'worse' }], EVENT_SAVE_FALLBACK)).toBe(
      'bad; query: worse',
    );
  });

  it('shows a string as is', () => {
    expect(formatErrorDetail('Scenario is locked', EVENT_SAVE_FALLBACK)).toBe('Scenario is locked');
  });

  it('shows anything else as JSON', () => {
    expect(formatErrorDetail({ code: 42 }, EVENT_SAVE_FALLBACK)).toBe('{"code":42}');
    expect(formatErrorDetail(7, EVENT_SAVE_FALLBACK)).toBe('7');
  });

  it('falls back when there is no detail', () => {
    expect(formatErrorDetail(undefined, EVENT_SAVE_FALLBACK)).toBe(
      'Failed to save event. Please check your inputs and try again.',
    );
    expect(formatErrorDetail(null, TEMPLATE_CREATE_FALLBACK)).toBe(
      'Failed to create scenario. Please check your inputs and try again.',
    );
    expect(formatErrorDetail('', EVENT_SAVE_FALLBACK)).toBe(EVENT_SAVE_FALLBACK);
    expect(formatErrorDetail([], EVENT_SAVE_FALLBACK)).toBe(EVENT_SAVE_FALLBACK);
  });
});

describe('saveErrorMessage', () => {
  it('turns the repositories field errors into validation items', () => {
    const err = new DataValidationError('event', [
      { field: 'template_parameters.deposit_amount', message: 'Deposit cannot be more than the purchase price' },
    ]);
    expect(errorDetail(err)).toEqual([
      { loc: ['body', 'template_parameters', 'deposit_amount'], msg: 'Deposit cannot be more than the purchase price' },
    ]);
    expect(saveErrorMessage(err, EVENT_SAVE_FALLBACK)).toBe(
      'body → template_parameters.deposit_amount: Deposit cannot be more than the purchase price',
    );
  });

  it("uses a server error's detail, a missing record's message, else the fallback", () => {
    expect(saveErrorMessage({ detail: 'Not allowed' }, EVENT_SAVE_FALLBACK)).toBe('Not allowed');
    expect(saveErrorMessage(new RecordNotFoundError('scenario', 's1'), EVENT_SAVE_FALLBACK)).toBe(
      'No scenario with id "s1"',
    );
    expect(saveErrorMessage(new Error('boom'), TEMPLATE_CREATE_FALLBACK)).toBe(TEMPLATE_CREATE_FALLBACK);
  });
});
