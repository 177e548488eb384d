import { act, fireEvent, screen, within } from '@testing-library/react';
import { create } from 'superstruct';
import { ApiError } from '@tours/shared/core';
import { ChangeEmailBody } from '@tours/shared/api';
import { ConfirmEmailBody } from '@tours/shared/src/api/schemas/accounts';
import type { FakeRoutes } from '@tours/shared/src/testing';
import { done, profileAnswer } from './test-fixtures';
import { confirmCode, flush, openSettings } from './test-utils';

const section = () => within(screen.getByRole('region', { name: 'E-mail' }));

function open(routes: FakeRoutes = {}) {
  let email = 'anna@example.com';
  return openSettings({
    'GET /crm/api/user/profile': () => profileAnswer({ email }),
    'POST /crm/api/user/change-email': () => done(),
    'POST /crm/api/user/email-confirmation-request': () => done(),
    'POST /crm/api/user/confirm-email': () => {
      email = 'new@example.com';
      return done();
    },
    ...routes,
  });
}

async function toCodeStep(email = 'new@example.com') {
  fireEvent.click(section().getByRole('button', { name: 'Change e-mail' }));
  fireEvent.change(section().getByRole('textbox', { name: 'New e-mail' }), { target: { value: ` ${email} ` } });
  fireEvent.click(section().getByRole('button', { name: 'Send the code' }));
  await flush();
}

describe('e-mail section', () => {
  afterEach(() => jest.useRealTimers());

  test('the address and its state: not confirmed (the profile has no confirmed flag)', async () => {
    await open();
    expect(section().getByText('anna@example.com')).toBeInTheDocument();
    expect(section().getByText('Not confirmed')).toBeInTheDocument();
    expect(section().getByRole('button', { name: 'Send the confirmation again' })).toBeInTheDocument();
  });

  test('no address yet: Add e-mail, nothing to confirm', async () => {
    await openSettings({}, { email: null, is_email_set: false });
    expect(section().getByText('No e-mail address yet')).toBeInTheDocument();
    expect(section().getByRole('button', { name: 'Add e-mail' })).toBeInTheDocument();
    expect(section().queryByRole('button', { name: 'Send the confirmation again' })).not.toBeInTheDocument();
  });

  test('change → code → confirmed: the new address shows, confirmed', async () => {
    const t = await open();
    await toCodeStep();
    const change = t.calls.find((c) => c.path === '/crm/api/user/change-email')!;
    expect(create(change.body, ChangeEmailBody)).toEqual({ email: 'new@example.com' });
    expect(section().getByRole('status')).toHaveTextContent('We have sent a code and a link to new@example.com.');
    expect(section().getByRole('textbox', { name: 'Code' })).toHaveFocus();
    await confirmCode(section(), '12345');
    const confirm = t.calls.find((c) => c.path === '/crm/api/user/confirm-email')!;
    expect(create(confirm.body, ConfirmEmailBody)).toEqual({ code: '12345' });
    expect(section().getByRole('status')).toHaveTextContent('Your e-mail address is confirmed.');
    expect(section().getByText('new@example.com')).toBeInTheDocument();
    expect(section().getByText('Confirmed')).toBeInTheDocument();
    expect(section().queryByRole('button', { name: 'Send the confirmation again' })).not.toBeInTheDocument();
    expect(section().getByRole('button', { name: 'Change e-mail' })).toHaveFocus();
  });

  test('change: a server field error on the address, what was typed kept', async () => {
    const t = await open({ 'POST /crm/api/user/change-email': () => new ApiError(422, '/crm/api/user/change-email', 'Please enter a valid e-mail', { email: 'Please enter a valid e-mail' }) });
    await toCodeStep('new@example.co');
    const field = section().getByRole('textbox', { name: 'New e-mail' });
    expect(field).toHaveAccessibleDescription('Please enter a valid e-mail');
    expect(field).toHaveValue('new@example.co');
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Please enter a valid e-mail' });
  });

  test('code: a wrong code on the field, the code kept; an address of another account (409) too', async () => {
    let answer: ApiError = new ApiError(422, '/crm/api/user/confirm-email', 'Incorrect code', { code: 'Incorrect code' });
    await open({ 'POST /crm/api/user/confirm-email': () => answer });
    await toCodeStep();
    const code = await confirmCode(section(), '11111');
    expect(code).toHaveAccessibleDescription(/Incorrect code/);
    expect(code).toHaveValue('11111');
    answer = new ApiError(409, '/crm/api/user/confirm-email', 'This e-mail is used by another account');
    fireEvent.click(section().getByRole('button', { name: 'Confirm' }));
    await flush();
    expect(code).toHaveAccessibleDescription(/This e-mail is used by another account/);
    expect(section().getByText('anna@example.com')).toBeInTheDocument();
  });

  test('send the confirmation again: the code step for the current address', async () => {
    jest.useFakeTimers();
    const t = await open();
    fireEvent.click(section().getByRole('button', { name: 'Send the confirmation again' }));
    await flush();
    expect(t.calls.filter((c) => c.path === '/crm/api/user/email-confirmation-request')).toHaveLength(1);
    expect(section().getByRole('status')).toHaveTextContent('We have sent a code and a link to anna@example.com.');
    // The code again, the same call, once the 60 s countdown is over (§9); then the countdown starts over.
    const resend = () => section().getByRole('button', { name: /^Send the code again/ });
    expect(resend()).toBeDisabled();
    act(() => void jest.advanceTimersByTime(60_000));
    fireEvent.click(resend());
    await flush();
    expect(t.calls.filter((c) => c.path === '/crm/api/user/email-confirmation-request')).toHaveLength(2);
    expect(t.calls.some((c) => c.path === '/crm/api/user/change-email')).toBe(false);
    expect(resend()).toHaveTextContent('Send the code again in 60 seconds');
  });

  test('send the confirmation again: a refusal is a toast', async () => {
    const t = await open({ 'POST /crm/api/user/email-confirmation-request': () => new ApiError(422, '/crm/api/user/email-confirmation-request', 'Add an e-mail address first') });
    fireEvent.click(section().getByRole('button', { name: 'Send the confirmation again' }));
    await flush();
    expect(t.toast).toHaveBeenCalledWith({ kind: 'error', text: 'Add an e-mail address first' });
  });

  test('cancel returns to the address, focus on Change e-mail', async () => {
    await open();
    fireEvent.click(section().getByRole('button', { name: 'Change e-mail' }));
    fireEvent.click(section().getByRole('button', { name: 'Cancel' }));
    expect(section().queryByRole('textbox')).not.toBeInTheDocument();
    expect(section().getByRole('button', { name: 'Change e-mail' })).toHaveFocus();
  });
});
