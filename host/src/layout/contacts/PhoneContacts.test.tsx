import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactsAtom } from '../state';
import { PhoneContacts } from './PhoneContacts';
import { SESSION, clearCookies, fixtures, renderWithHost } from '../test-utils';
import type { HostStore } from '@tours/shared/contract';
import type { ContactsAnswer } from '@tours/shared/api';
import { webCallsAtom } from '../../state/host-atoms';

const withContacts = (contacts: ContactsAnswer) => (store: HostStore) => store.set(contactsAtom, contacts);
/** The API says a registrar works and support calls are allowed (GET /crm/api/phone-code/web-call-settings). */
const callsWork = (contacts: ContactsAnswer) => (store: HostStore) => {
  store.set(contactsAtom, contacts);
  store.set(webCallsAtom, { available: true, can_call_to_support: true, can_call_to_organizer: false });
};
const base = fixtures.contacts as ContactsAnswer;

afterEach(() => {
  clearCookies();
  jest.useRealTimers();
});

describe('PhoneContacts', () => {
  it('shows the country, both phones as tel links with their captions', () => {
    renderWithHost(<PhoneContacts />, { prepare: withContacts(base) });
    expect(screen.getByText('Russia')).toBeInTheDocument();
    const free = screen.getByRole('link', { name: /Free call/ });
    expect(free).toHaveAttribute('href', 'tel:+74951112233');
    expect(free).toHaveTextContent('+7 495 111-22-33');
    expect(screen.getByRole('link', { name: /Head office/ })).toHaveAttribute('href', 'tel:+74959998877');
  });

  it('hides the main phone when it is the same number as the additional one', () => {
    const same: ContactsAnswer = {
      ...base,
      phones: [
        { type: 'additional', entity: null, phone: '+74951112233', formatted_phone: '+7 495 111-22-33', text: 'Free call' },
        { type: 'main', entity: null, phone: '+7 (495) 111-22-33', formatted_phone: '+7 495 111-22-33', text: 'Head office' },
      ],
    };
    renderWithHost(<PhoneContacts />, { prepare: withContacts(same) });
    expect(screen.getAllByRole('link', { name: /\+7 495/ })).toHaveLength(1);
    expect(screen.queryByText('Head office')).not.toBeInTheDocument();
  });

  it('prefers the local phone over the global one', () => {
    const local: ContactsAnswer = {
      ...base,
      phones: [
        ...base.phones,
        { type: 'additional', entity: { id: 31, kind: 'country' }, phone: '+12025550100', formatted_phone: '+1 202 555-0100', text: 'US office' },
      ],
    };
    renderWithHost(<PhoneContacts />, { prepare: withContacts(local) });
    expect(screen.getByRole('link', { name: /US office/ })).toHaveAttribute('href', 'tel:+12025550100');
    expect(screen.queryByText('Free call')).not.toBeInTheDocument();
  });

  it('can leave out the country and the callback button', () => {
    renderWithHost(<PhoneContacts showCountry={false} showCallback={false} />, { prepare: withContacts(base) });
    expect(screen.queryByText('Russia')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a call' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Other countries' })).not.toBeInTheDocument();
  });

  describe("'Call via internet'", () => {
    it('is hidden for guests', () => {
      renderWithHost(<PhoneContacts />, { prepare: withContacts(base) });
      expect(screen.queryByRole('button', { name: 'Call via internet' })).not.toBeInTheDocument();
    });

    it('is hidden when support calls are not allowed', () => {
      renderWithHost(<PhoneContacts />, {
        session: SESSION,
        config: { webCalls: { canCallToOrganizer: false, canCallToSupport: false } },
        prepare: callsWork(base),
      });
      expect(screen.queryByRole('button', { name: 'Call via internet' })).not.toBeInTheDocument();
    });

    it('is hidden while the API does not say calls work (no registrar: kamailio missing)', () => {
      renderWithHost(<PhoneContacts />, { session: SESSION, prepare: withContacts(base) });
      expect(screen.queryByRole('button', { name: 'Call via internet' })).not.toBeInTheDocument();
    });

    it('opens the call panel of the comms area for a logged-in visitor', async () => {
      const user = userEvent.setup();
      const t = renderWithHost(<PhoneContacts />, { session: SESSION, prepare: callsWork(base) });
      await user.click(screen.getByRole('button', { name: 'Call via internet' }));
      expect(t.openModal).toHaveBeenCalledWith('comms/call', {});
    });
  });

  it("'Other countries' opens the phone contacts of every country", async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<PhoneContacts />, {
      prepare: withContacts(base),
      routes: {
        '/spa/contacts': {
          ...base,
          all: [
            {
              country: { id: 31, name: 'United States', iso_code: 'US' },
              email: 'us@tours.example',
              phones: [{ type: 'main', entity: { id: 31, kind: 'country' }, phone: '+12025550100', formatted_phone: '+1 202 555-0100', text: 'US office' }],
              phoneMain: { phone: '+12025550100', formatted_phone: '+1 202 555-0100' },
            },
          ],
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Other countries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phone numbers in other countries' });
    expect(await within(dialog).findByRole('heading', { name: 'United States' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /US office/ })).toHaveAttribute('href', 'tel:+12025550100');
    expect(t.calls.find((c) => c.path === '/spa/contacts')?.query).toMatchObject({ all: 1 });
  });

  it("'Request a call' sends a phone_call_request and then says 'Callback requested'", async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const t = renderWithHost(<PhoneContacts />, { prepare: withContacts(base) });
    await user.click(screen.getByRole('button', { name: 'Request a call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a call' });
    await user.click(within(dialog).getByRole('button', { name: 'Call me back' }));
    expect(within(dialog).getAllByText('Required field')).toHaveLength(2);

    await user.type(within(dialog).getByLabelText(/Your name/), 'Anna');
    await user.type(within(dialog).getByLabelText(/Phone/), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Call me back' }));
    expect(within(dialog).getByText('Please enter a valid phone number')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Phone/));
    await user.type(within(dialog).getByLabelText(/Phone/), '2127365000'); // after the country's '+1'
    await user.click(within(dialog).getByRole('button', { name: 'Call me back' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a call' })).not.toBeInTheDocument());
    const post = t.calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/spa/submit-help-request');
    expect(post?.captcha).toBe(true); // public-site §7.4 marks it captcha
    expect((post?.body as { data: Record<string, unknown> }).data).toMatchObject({ type: 'phone_call_request', name: 'Anna', phone: '+12127365000' });
    expect(screen.queryByRole('dialog', { name: 'Callback requested' })).not.toBeInTheDocument();

    await act(async () => {
      jest.advanceTimersByTime(400);
    });
    const success = screen.getByRole('dialog', { name: 'Callback requested' });
    expect(success).toHaveTextContent('We will call you on the mentioned number during our working hours (+12127365000)');
  });
});
