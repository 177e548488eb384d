import { act, fireEvent, screen, within } from '@testing-library/react';
import { create } from 'superstruct';
import { ApiError } from '@tours/shared/core';
import { ChangePhoneBody, ConfirmPhoneBody, SendConfirmationCodeBody } from '@tours/shared/api';
import type { FakeRoutes } from '@tours/shared/src/testing';
import { done, phoneMethods, profileAnswer } from './test-fixtures';
import { confirmCode, flush, openSettings } from './test-utils';

const section = () => within(screen.getByRole('region', { name: 'Phone' }));

function open(routes: FakeRoutes = {}) {
  let phone = '+79991234567';
  return openSettings({
    'GET /crm/api/user/profile': () => profileAnswer({ phone }),
    'POST /crm/api/user/change-phone': () => done(),
    'GET /crm/api/user/phone-confirmation-methods': () => phoneMethods(),
    'POST /crm/api/user/send-confirmation-code': () => done(),
    'POST /crm/api/user/confirm-phone': () => {
      phone = '+4930123456789';
      return done();
    },
    ...routes,
  });
}

async function toCodeStep(number = '+49 30 123456789') {
  fireEvent.click(section().getByRole('button', { name: 'Change phone number' }));
  fireEvent.change(section().getByRole('textbox', { name: 'New phone number' }), { target: { value: number } });
  fireEvent.click(section().getByRole('button', { name: 'Send the code' }));
  await flush();
}

describe('phone section', () => {
  afterEach(() => jest.useRealTimers());

  test('change → the channels → another channel → code → confirmed', async () => {
    jest.useFakeTimers();
    const t = await open();
    expect(section().getByText('+79991234567')).toBeInTheDocument();
    await toCodeStep();
    const change = t.calls.find((c) => c.path === '/crm/api/user/change-phone')!;
    expect(create(change.body, ChangePhoneBody)).toEqual({ phone: '+4930123456789' });
    expect(t.calls.some((c) => c.method === 'GET' && c.path === '/crm/api/user/phone-confirmation-methods')).toBe(true);
    expect(section().getByRole('status')).toHaveTextContent('We have sent a code to +4930123456789.');
    const channels = within(section().getByRole('group', { name: 'Send the code via' }));
    expect(channels.getByRole('radio', { name: 'SMS' })).toBeChecked();
    fireEvent.click(channels.getByRole('radio', { name: 'WhatsApp' }));
    await flush();
    const send = t.calls.find((c) => c.path === '/crm/api/user/send-confirmation-code')!;
    expect(create(send.body, SendConfirmationCodeBody)).toEqual({ code_sender: 'whatsapp' });
    expect(channels.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
    expect(section().getByRole('status')).toHaveTextContent('A new code has been sent.');
    // §9: the code goes again only after the 60 s countdown, which the new channel started over.
    const resend = () => section().getByRole('button', { name: /^Send the code again/ });
    expect(resend()).toHaveTextContent('Send the code again in 60 seconds');
    expect(resend()).toBeDisabled();
    act(() => void jest.advanceTimersByTime(59_000));
    expect(resend()).toHaveTextContent('Send the code again in 1 second');
    act(() => void jest.advanceTimersByTime(1000));
    expect(resend()).toBeEnabled();
    fireEvent.click(resend());
    await flush();
    expect(t.calls.filter((c) => c.path === '/crm/api/user/send-confirmation-code').at(-1)!.body).toEqual({ code_sender: 'whatsapp' });

    await confirmCode(section(), '54321');
    const confirm = t.calls.find((c) => c.path === '/crm/api/user/confirm-phone')!;
    expect(create(confirm.body, ConfirmPhoneBody)).toEqual({ code: '54321' });
    expect(section().getByRole('status')).toHaveTextContent('Your phone number is confirmed.');
    expect(section().getByText('+4930123456789')).toBeInTheDocument();
    expect(section().getByRole('button', { name: 'Change phone number' })).toHaveFocus();
  });

  test('change: nothing but a country code is required; a server field error on the number, what was typed kept', async () => {
    const t = await open({ 'POST /crm/api/user/change-phone': () => new ApiError(422, '/crm/api/user/change-phone', 'Please enter a valid phone number', { phone: 'Please enter a valid phone number' }) });
    fireEvent.click(section().getByRole('button', { name: 'Change phone number' }));
    fireEvent.change(section().getByRole('textbox', { name: 'New phone number' }), { target: { value: '+49' } });
    fireEvent.click(section().getByRole('button', { name: 'Send the code' }));
    await flush();
    expect(section().getByText('Required field')).toBeInTheDocument();
    expect(t.calls.some((c) => c.path === '/crm/api/user/change-phone')).toBe(false);
    fireEvent.change(section().getByRole('textbox', { name: 'New phone number' }), { target: { value: '+49 30 1234567890' } });
    fireEvent.click(section().getByRole('button', { name: 'Send the code' }));
    await flush();
    const field = section().getByRole('textbox', { name: 'New phone number' });
    expect(field).toHaveAccessibleDescription(/Please enter a valid phone number/);
    expect(field).toHaveValue('+49 30 1234567890');
  });

  test('code: a wrong code on the field, the code kept; a number of another account (409) too', async () => {
    let answer: ApiError = new ApiError(422, '/crm/api/user/confirm-phone', 'Incorrect code', { code: 'Incorrect code' });
    await open({ 'POST /crm/api/user/confirm-phone': () => answer });
    await toCodeStep();
    const code = await confirmCode(section(), '11111');
    expect(code).toHaveAccessibleDescription(/Incorrect code/);
    expect(code).toHaveValue('11111');
    answer = new ApiError(409, '/crm/api/user/confirm-phone', 'This phone number is used by another account');
    fireEvent.click(section().getByRole('button', { name: 'Confirm' }));
    await flush();
    expect(code).toHaveAccessibleDescription(/This phone number is used by another account/);
    expect(section().getByText('+79991234567')).toBeInTheDocument();
  });

  test('one channel only: nothing to choose; the code still confirms', async () => {
    await open({ 'GET /crm/api/user/phone-confirmation-methods': () => ({ phone: '+4930123456789', verification_methods: [{ type: 'sms', is_default: true }] }) });
    await toCodeStep();
    expect(section().queryByRole('group', { name: 'Send the code via' })).not.toBeInTheDocument();
    expect(section().getByRole('textbox', { name: 'Code' })).toBeInTheDocument();
  });
});
