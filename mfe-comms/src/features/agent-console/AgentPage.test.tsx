import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { create } from 'superstruct';
import { ApiError } from '@tours/shared/core';
import { RequestAnswer, requestStatusKey, requestStatusName, type ApiClient, type BookingRequest, type ChatMessage } from '@tours/shared/api';
import { fakeApi, renderScreen, type FakeRoutes } from '@tours/shared/src/testing';
import AgentPage from './AgentPage';
import { STAFF_SESSION_KEY } from './staff-session';
import { CallAdapterContext } from './CallLine';
import type { CallAdapter, CallAdapterFactory } from '../common/call/sip-adapter';
import { recordingAdapter } from '../common/call/test-adapter';
import { SocketFactoryContext } from '../common/chat/useChat';
import { fakeSockets } from '../common/chat/test-socket';
import { chat, message } from '../common/chat/test-fixture';

type Req = { query?: Record<string, unknown>; body?: unknown };
const STAFF = { token: 'staff-token', staff: { id: 1, name: 'Anna (Support)', login: 'support@tours.example', kind: 'support' as const, organizer_id: null } };

function request(id: number, status = 1): BookingRequest {
  return create({
    request: {
      id, uuid: '0b7f1f0e-7c1a-4f5e-9a51-6f1f5d3c2b10', type: 'order', status, status_name: requestStatusName(status), status_key: requestStatusKey(status),
      is_cancelled: false, can_cancel: true, can_edit_tourists: true, created_at: '2030-01-01T09:30:00.000Z', updated_at: '2030-01-01T09:30:00.000Z',
      tour: { id: 1001, title: 'Sightseeing tour in Svir', slug: 'svir-tour-1001', image: '/media/x.png', type: 1, days: 5, hours: null, main_location: 'Leningrad Oblast' },
      dates: { kind: 'variant', variant_id: 1, start: '2030-04-01', end: '2030-04-05', not_guaranteed: false, time_start: null },
      adults: 2, children: 0, name: 'Ada', email: 'ada@example.com', phone: null, comment: null, currency: 'RUB', locale: 'en', tourists: [], history: [],
    },
  }, RequestAnswer).request;
}

/** The staff side of chat 5: the traveller's messages are 'input' to the staff reader. */
function agentServer(extra: FakeRoutes = {}) {
  const staffChat = chat(5, { title: 'Support', traveller: { id: 42, name: 'Ada Lovelace' }, unread_count: 2 });
  const messages: ChatMessage[] = [
    message(1, { sender_type: 'tourist', sender_name: 'Ada Lovelace', text: 'Hello, I have a question' }),
    message(2, { direction: 'output', sender_type: 'support', sender_name: 'Anna (Support)', text: 'Hello! How can I help?' }),
  ];
  const routes: FakeRoutes = {
    'POST /crm/api/agent/auth': ({ body }: Req) => {
      const b = body as { login: string; password: string };
      return b.password === 'support-dev-password' ? STAFF : new ApiError(422, '/crm/api/agent/auth', 'Incorrect login or password', { password: 'Incorrect login or password' });
    },
    'GET /crm/api/agent/profile': { staff: STAFF.staff },
    'POST /crm/api/agent/logout': { success: true },
    'POST /crm/api/user/admin-auth-cookie': { is_admin_auth: true, permissions: { can_use_knowledge: false, can_view_commission: false }, staff: { id: 1, name: 'Anna (Support)', login: 'support@tours.example' } },
    'POST /crm/api/user/admin-logout': { success: true },
    'GET /crm/api/agent/chats': { data: [staffChat], total: 1 },
    'GET /crm/api/agent/get-chat': { data: staffChat },
    'GET /crm/api/agent/messages': ({ query }: Req) => ({ data: query?.after_id !== undefined ? [] : [...messages].reverse(), total: messages.length, has_more: false }),
    'POST /crm/api/agent/mark-as-read': { success: true, count: 0 },
    'POST /crm/api/agent/send-message': ({ body }: Req) => ({ data: message(3, { direction: 'output', sender_type: 'support', sender_name: 'Anna (Support)', text: (body as { message: string }).message, client_id: (body as { client_id: string }).client_id }) }),
    'POST /crm/api/agent/edit-message': ({ body }: Req) => ({ data: { ...messages[1]!, text: (body as { message: string }).message, edited_at: '2030-01-01T11:00:00.000Z' } }),
    'POST /crm/api/agent/moderate-message': ({ body }: Req) => ({ data: { ...messages[0]!, text: (body as { text: string }).text, is_moderated: true } }),
    'POST /crm/api/agent/delete-message': ({ body }: Req) => ({ data: { ...messages.find((m) => m.id === (body as { message_id: number }).message_id)!, text: '', is_deleted: true } }),
    'POST /crm/api/agent/freeze': ({ body }: Req) => {
      const b = body as { is_frozen: boolean; reason: string };
      return { data: { ...staffChat, is_frozen: b.is_frozen, freeze_reason: b.is_frozen ? b.reason : null } };
    },
    'GET /crm/api/request/list-for-chat': { requests: [request(12)] },
    'POST /crm/api/agent/web-call-data': { target: 'sip:support@tours.localhost', ws_url: 'ws://localhost:5066', public_identity: 'sip:support@tours.localhost', private_identity: '1773200000:support', password: 'c2VjcmV0' },
    ...extra,
  };
  return routes;
}

function renderAgent(routes: FakeRoutes) {
  const fake = fakeApi(routes);
  // The fake API does not keep headers: this one does, to check the staff token goes with every agent call.
  const headers: Array<{ path: string; auth?: string }> = [];
  const record = (path: string, o: { headers?: Record<string, string> }) => headers.push({ path, auth: o.headers?.['X-Authorization'] });
  const api: ApiClient = {
    get: (p, o) => (record(p, o), fake.api.get(p, o)),
    post: (p, b, o) => (record(p, o), fake.api.post(p, b, o)),
  };
  const sockets = fakeSockets();
  // The line's SIP side (CallLine.test.tsx plays calls through it): registers and waits.
  const sip: CallAdapter = recordingAdapter([]);
  const sipFactory: CallAdapterFactory = jest.fn(async () => sip);
  const t = renderScreen(
    <SocketFactoryContext.Provider value={sockets.factory}>
      <CallAdapterContext.Provider value={sipFactory}>
        <AgentPage />
      </CallAdapterContext.Provider>
    </SocketFactoryContext.Provider>,
    { url: '/en', api },
  );
  return { ...t, calls: fake.calls, headers, sockets, sip, sipFactory };
}

beforeEach(() => window.sessionStorage.clear());

describe('agent console (issue 15)', () => {
  test('a staff member signs in: required fields, a wrong password, then the console', async () => {
    const t = renderAgent(agentServer());
    expect(screen.getByRole('heading', { level: 1, name: 'Agent console' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('Required field')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText(/Login/), 'support@tours.example');
    await userEvent.type(screen.getByLabelText(/Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Incorrect login or password')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Password/));
    await userEvent.type(screen.getByLabelText(/Password/), 'support-dev-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in as Anna (Support)')).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem(STAFF_SESSION_KEY)!)).toEqual(STAFF);
    // Tour pages in this browser become a staff session (issue 16): the admin cookie is set from the new token.
    expect(t.headers.filter((h) => h.path === '/crm/api/user/admin-auth-cookie')).toEqual([{ path: '/crm/api/user/admin-auth-cookie', auth: 'Bearer staff-token' }]);
    // The staff socket carries the staff token.
    await waitFor(() => expect(t.sockets.last().options.auth).toEqual({ token: 'staff-token' }));
    // The staff member's line registers with its credentials (the staff token's), ready to answer calls.
    expect(await screen.findByText('Calls: online')).toBeInTheDocument();
    expect(t.headers.filter((h) => h.path === '/crm/api/agent/web-call-data')).toEqual([{ path: '/crm/api/agent/web-call-data', auth: 'Bearer staff-token' }]);
    const list = await screen.findByRole('navigation', { name: 'Chats' });
    expect(await within(list).findByRole('button', { name: /Ada Lovelace · Support.*2 unread/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // Signing out ends the line's registration.
    await waitFor(() => expect(t.sip.disconnect).toHaveBeenCalled());
    expect(window.sessionStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
    await waitFor(() => expect(t.calls.filter((c) => c.path === '/crm/api/user/admin-logout')).toHaveLength(1));
  });

  test('opens a chat: reads it, replies, edits, moderates and deletes — every call with the staff token', async () => {
    window.sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(STAFF));
    const t = renderAgent(agentServer());
    await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace · Support/ }));
    expect(await screen.findByText('Hello, I have a question')).toBeInTheDocument();
    await waitFor(() => expect(t.calls.some((c) => c.path === '/crm/api/agent/mark-as-read')).toBe(true));
    act(() => t.sockets.last().open());

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'We will call you{Enter}');
    await waitFor(() => expect(t.calls.find((c) => c.path === '/crm/api/agent/send-message')?.body).toMatchObject({ chat_id: 5, message: 'We will call you' }));
    expect(screen.queryByRole('button', { name: 'Attach a file' })).toBeNull();

    const mine = screen.getByTestId('message-2');
    await userEvent.click(within(mine).getByRole('button', { name: 'Edit' }));
    const edit = within(mine).getByRole('textbox', { name: 'New text' });
    await userEvent.clear(edit);
    await userEvent.type(edit, 'Hello! How may I help?');
    await userEvent.click(within(mine).getByRole('button', { name: 'Save' }));
    expect(await within(screen.getByTestId('message-2')).findByText('Hello! How may I help?')).toBeInTheDocument();
    expect(t.calls.find((c) => c.path === '/crm/api/agent/edit-message')?.body).toEqual({ message_id: 2, message: 'Hello! How may I help?' });

    const theirs = screen.getByTestId('message-1');
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();
    await userEvent.click(within(theirs).getByRole('button', { name: 'Moderate' }));
    await userEvent.clear(within(theirs).getByRole('textbox', { name: 'Text that stays (empty hides the message)' }));
    await userEvent.click(within(theirs).getByRole('button', { name: 'Save' }));
    expect(await within(screen.getByTestId('message-1')).findByText('This message was hidden by a moderator')).toBeInTheDocument();
    expect(t.calls.find((c) => c.path === '/crm/api/agent/moderate-message')?.body).toEqual({ message_id: 1, text: '' });

    await userEvent.click(within(screen.getByTestId('message-2')).getByRole('button', { name: 'Delete' }));
    expect(await within(screen.getByTestId('message-2')).findByText('This message was deleted')).toBeInTheDocument();

    const agentCalls = t.headers.filter((h) => h.path.startsWith('/crm/api/agent/') && h.path !== '/crm/api/agent/auth');
    expect(agentCalls.length).toBeGreaterThan(5);
    expect(agentCalls.every((h) => h.auth === 'Bearer staff-token')).toBe(true);
  });

  test('freezes a chat with a required reason, and reopens it; shows the requests linked to the chat', async () => {
    window.sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(STAFF));
    const t = renderAgent(agentServer());
    await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace · Support/ }));
    const requests = await screen.findByRole('region', { name: 'Requests of this traveller' });
    expect(await within(requests).findByText('Request #12')).toBeInTheDocument();
    expect(requests).toHaveTextContent('Sightseeing tour in Svir');
    expect(requests).toHaveTextContent('Awaiting confirmation');
    expect(t.calls.find((c) => c.path === '/crm/api/request/list-for-chat')?.query).toEqual({ chat_id: '5' });

    const freeze = screen.getByRole('region', { name: 'Freeze the chat' });
    await userEvent.click(within(freeze).getByRole('button', { name: 'Freeze' }));
    expect(within(freeze).getByText('Required field')).toBeInTheDocument();
    await userEvent.type(within(freeze).getByLabelText(/Reason/), 'Spam');
    await userEvent.click(within(freeze).getByRole('button', { name: 'Freeze' }));
    expect(await within(freeze).findByText('The chat is frozen: Spam')).toBeInTheDocument();
    expect(t.calls.find((c) => c.path === '/crm/api/agent/freeze')?.body).toEqual({ chat_id: 5, is_frozen: true, reason: 'Spam' });
    // Staff may still write in a frozen chat.
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    await userEvent.click(within(freeze).getByRole('button', { name: 'Unfreeze' }));
    expect(await within(freeze).findByRole('button', { name: 'Freeze' })).toBeInTheDocument();
  });

  test('a stored staff token that has ended signs the console out', async () => {
    window.sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(STAFF));
    const t = renderAgent(agentServer({ 'GET /crm/api/agent/profile': () => new ApiError(401, '/crm/api/agent/profile', 'Unauthorized') }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
    await waitFor(() => expect(t.calls.filter((c) => c.path === '/crm/api/user/admin-logout')).toHaveLength(1));
  });
});
