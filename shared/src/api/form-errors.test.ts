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
});
