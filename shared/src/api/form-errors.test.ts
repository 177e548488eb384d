import { ApiError } from './errors';
import { applyServerErrors } from './form-errors';

describe('applyServerErrors (§5.8)', () => {
  test('field errors go to fields and the general message to a toast', () => {
    const toast = jest.fn();
    const fields = applyServerErrors(new ApiError(422, '/spa/x', 'Please check the form', { phone: 'Please enter a valid phone number' }), toast);
    expect(fields).toEqual({ phone: 'Please enter a valid phone number' });
    expect(toast).toHaveBeenCalledWith({ kind: 'error', text: 'Please check the form' });
  });

  test('a network failure is a generic error toast and no field errors', () => {
    const toast = jest.fn();
    expect(applyServerErrors(new TypeError('boom'), toast)).toEqual({});
    expect(toast).toHaveBeenCalledWith({ kind: 'error', messageId: 'common.requestFailed' });
  });

  // Issue 29: the API's 422 repeats its first field error as the message; shown on the field, it is not toasted too.
  test.each<[string, ApiError, string[], boolean]>([
    ['the message is the shown field error: no toast', new ApiError(422, '/crm/api/user/auth-via-code', 'Incorrect code', { code: 'Incorrect code' }), ['Incorrect code'], false],
    ['the field error is on a field the form does not show: toasted', new ApiError(422, '/spa/submit-order', 'Incorrect value', { idempotency_key: 'Incorrect value' }), [], true],
    ['a general message beside a field error: toasted', new ApiError(422, '/spa/x', 'Please check the form', { phone: 'Please enter a valid phone number' }), ['Please enter a valid phone number'], true],
  ])('%s', (_name, error, shown, toasted) => {
    const toast = jest.fn();
    const place = jest.fn(() => shown);
    expect(applyServerErrors(error, toast, undefined, place)).toEqual(error.fieldErrors);
    expect(place).toHaveBeenCalledWith(error.fieldErrors);
    expect(toast).toHaveBeenCalledTimes(toasted ? 1 : 0);
  });
});
