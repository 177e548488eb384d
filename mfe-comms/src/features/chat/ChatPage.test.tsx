import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, webCallsAtom } from '@tours/shared/core';
import { renderScreen, type ApiCall, type FakeRoutes } from '@tours/shared/src/testing';
import type { Chat, ChatMessage } from '@tours/shared/api';
import ChatPage from './ChatPage';
import { SocketFactoryContext } from '../common/chat/useChat';
import { fakeSockets } from '../common/chat/test-socket';
import { SESSION, chat, file, message } from '../common/chat/test-fixture';

type Req = { query?: Record<string, unknown>; body?: unknown };

/** A tiny chat server: the chat's messages and the calls' answers, as the API gives them. */
function chatServer(o: { messages?: ChatMessage[]; chat?: Partial<Chat>; chats?: Chat[]; unread?: number; routes?: FakeRoutes } = {}) {
  const state = { messages: [...(o.messages ?? [])], chat: chat(5, o.chat), nextId: 100, unread: o.unread ?? 0 };
  const routes: FakeRoutes = {
    'GET /crm/api/chat/list': () => ({ data: o.chats ?? [state.chat], total: (o.chats ?? [state.chat]).length }),
    'GET /crm/api/chat/get-chat': ({ query }: Req) => (query?.chat_id === 5 ? { data: state.chat } : new ApiError(404, '/crm/api/chat/get-chat', 'Not found')),
    'GET /crm/api/chat/get-chat-with-support': { id: 5 },
    'GET /crm/api/chat/get-messages': ({ query }: Req) => {
      const sorted = [...state.messages].sort((a, b) => a.id - b.id);
      if (query?.after_id !== undefined) return { data: sorted.filter((m) => m.id > Number(query.after_id)), total: sorted.length, has_more: false };
      const offset = Number(query?.offset ?? 0);
      const newest = sorted.reverse();
      return { data: newest.slice(offset, offset + 50), total: sorted.length, has_more: newest.length > offset + 50 };
    },
    'GET /crm/api/chat/unread-count': () => ({ count: state.unread }),
    'POST /crm/api/chat/mark-as-read': () => {
      state.unread = 0;
      state.chat = { ...state.chat, unread_count: 0 };
      return { success: true, count: 0 };
    },
    'POST /crm/api/chat/send-message': ({ body }: Req) => {
      const b = body as { message: string; file_id: number | null; client_id: string };
      const existing = state.messages.find((m) => m.client_id === b.client_id);
      if (existing) return { data: existing };
      const m = message(state.nextId++, { direction: 'output', sender_type: 'tourist', sender_name: 'Ada Lovelace', text: b.message, client_id: b.client_id, file: b.file_id ? file({ id: b.file_id }) : null, attachment_status: b.file_id ? 3 : null });
      state.messages.push(m);
      return { data: m };
    },
    ...o.routes,
  };
  return { state, routes };
}

function renderChat(url: string, server: ReturnType<typeof chatServer>, session: typeof SESSION | null = SESSION) {
  const sockets = fakeSockets();
  const t = renderScreen(
    <SocketFactoryContext.Provider value={sockets.factory}>
      <ChatPage />
    </SocketFactoryContext.Provider>,
    { url, session, routes: server.routes },
  );
  return { ...t, sockets, socket: () => sockets.last() };
}

/** The server side of the socket acts; what it starts (fetches, sends) settles inside act. */
async function server$(fn: () => void) {
  await act(async () => {
    fn();
    await new Promise((r) => setTimeout(r, 0));
  });
}

const log = () => screen.getByRole('log', { name: 'Messages with Support' });
const sendCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/crm/api/chat/send-message');

describe('live chat (accounts-and-comms §2 Chat, issue 15)', () => {
  test("an organizer's chat offers 'Call via internet' when the site and the registrar allow calls to organizers", async () => {
    const organizerChat = { kind: 'organizer' as const, title: 'Baikal Trails', organizer: { id: 7, name: 'Baikal Trails' } };
    const open = (allowed: { site: boolean; now: boolean }, over: Partial<Chat> = organizerChat) => {
      const sockets = fakeSockets();
      return renderScreen(
        <SocketFactoryContext.Provider value={sockets.factory}>
          <ChatPage />
        </SocketFactoryContext.Provider>,
        {
          url: '/en/chat/5', session: SESSION, routes: chatServer({ chat: over }).routes,
          config: { webCalls: { canCallToOrganizer: allowed.site, canCallToSupport: true } },
          prepare: (store) => store.set(webCallsAtom, { available: allowed.now, can_call_to_support: allowed.now, can_call_to_organizer: allowed.now }),
        },
      );
    };
    const t = open({ site: true, now: true });
    await screen.findByRole('heading', { name: 'Baikal Trails' });
    await userEvent.click(screen.getByRole('button', { name: 'Call via internet' }));
    expect(t.openModal).toHaveBeenCalledWith('comms/call', { organizerId: 7, calleeName: 'Baikal Trails', chatId: 5 });
    t.unmount();

    for (const [allowed, over] of [
      [{ site: false, now: true }, organizerChat],
      [{ site: true, now: false }, organizerChat],
      [{ site: true, now: true }, {}],
      [{ site: true, now: true }, { ...organizerChat, is_frozen: true, freeze_reason: 'Closed' }],
    ] as const) {
      const view = open(allowed, over);
      await screen.findByRole('log');
      expect(screen.queryByRole('button', { name: 'Call via internet' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  test('a signed-out visitor is asked to log in', async () => {
    const t = renderChat('/en/chat/5', chatServer(), null);
    expect(screen.getByRole('heading', { level: 1, name: 'Live chat' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(t.openModal).toHaveBeenCalledWith('account/login', { reason: 'login-required' });
    expect(t.sockets.sockets).toHaveLength(0);
  });

  test('messages both ways in a polite live log, links safe, read marks', async () => {
    const server = chatServer({
      messages: [
        message(1, { text: 'Hello! See https://example.com/tour and javascript:alert(1)' }),
        message(2, { direction: 'output', sender_type: 'tourist', sender_name: 'Ada Lovelace', text: '<b>not bold</b>', is_read: true }),
        message(3, { direction: 'output', sender_type: 'tourist', sender_name: 'Ada Lovelace', text: 'Second' }),
      ],
    });
    const t = renderChat('/en/chat/5', server);
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(t.socket().options).toEqual({ path: '/socket.io', auth: { token: 'tok-traveller' } });
    expect(log()).toHaveAttribute('aria-live', 'polite');
    const first = screen.getByTestId('message-1');
    expect(within(first).getByText('Maria from support')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'https://example.com/tour' })).toHaveAttribute('href', 'https://example.com/tour');
    expect(within(first).getAllByRole('link')).toHaveLength(1);
    expect(first).toHaveTextContent('javascript:alert(1)');
    expect(screen.getByTestId('message-2')).toHaveTextContent('<b>not bold</b>');
    expect(screen.getByTestId('message-2').querySelector('b')).toBeNull();
    expect(screen.getByTestId('message-2')).toHaveTextContent('Read');
    expect(screen.getByTestId('message-3')).toHaveTextContent('Sent');
    expect(within(screen.getByRole('navigation', { name: 'Chats' })).getByRole('link', { name: /Support/ })).toHaveAttribute('aria-current', 'page');

    // The support side reads the chat: the read mark appears live.
    await server$(() => t.socket().open());
    await server$(() => t.socket().emit('chat_is_read', { chat_id: 5, reader: 'staff', last_read_message_id: 3, read_at: '2030-01-01T11:00:00Z', unread_count: 0 }));
    expect(screen.getByTestId('message-3')).toHaveTextContent('Read');
  });

  test('Enter sends, Shift+Enter adds a line; the message is confirmed once by the answer and its event', async () => {
    const server = chatServer({ messages: [message(1)] });
    const t = renderChat('/en/chat/5', server);
    await screen.findByText('Message 1');
    await server$(() => t.socket().open());
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hi there{Shift>}{Enter}{/Shift}second line');
    expect(sendCalls(t.calls)).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    expect(box).toHaveValue('');
    await waitFor(() => expect(sendCalls(t.calls)).toHaveLength(1));
    const body = sendCalls(t.calls)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ chat_id: 5, message: 'Hi there\nsecond line', file_id: null });
    expect(typeof body.client_id).toBe('string');
    await waitFor(() => expect(screen.getByTestId('message-100')).toHaveTextContent('Sent'));
    // Its own new_message event arrives after the answer: still one copy.
    await server$(() => t.socket().emit('new_message', { chat_id: 5, message: server.state.messages.find((m) => m.id === 100)! }));
    expect(within(log()).getAllByText(/Hi there/)).toHaveLength(1);
  });

  test('edited, moderated and deleted messages change live; other chats’ events do not', async () => {
    const server = chatServer({ messages: [message(1), message(2), message(3)] });
    const t = renderChat('/en/chat/5', server);
    await screen.findByText('Message 3');
    await server$(() => t.socket().open());
    await server$(() => {
      t.socket().emit('message_was_edit', { chat_id: 5, message: message(1, { text: 'Edited text', edited_at: '2030-01-01T11:00:00Z' }) });
      t.socket().emit('message_was_moderated', { chat_id: 5, message: message(2, { text: '', is_moderated: true }) });
      t.socket().emit('message_was_deleted', { chat_id: 5, message_id: 3, message: message(3, { text: '', is_deleted: true }) });
      t.socket().emit('new_message', { chat_id: 6, message: message(50, { chat_id: 6, text: 'Elsewhere' }) });
      t.socket().emit('new_message', { chat_id: 5, message: { id: 'bad' } as unknown as ChatMessage });
    });
    expect(screen.getByTestId('message-1')).toHaveTextContent('Edited text');
    expect(screen.getByTestId('message-1')).toHaveTextContent('edited');
    expect(screen.getByTestId('message-2')).toHaveTextContent('This message was hidden by a moderator');
    expect(screen.getByTestId('message-3')).toHaveTextContent('This message was deleted');
    expect(screen.queryByText('Elsewhere')).toBeNull();
  });

  test('a moderated or deleted last message does not linger in the chat list preview', async () => {
    const last = message(3, { text: 'Rude words' });
    const server = chatServer({ messages: [message(1), last], chat: { last_message: last } });
    const t = renderChat('/en/chat/5', server);
    const list = await screen.findByRole('navigation', { name: 'Chats' });
    await within(list).findByText('Rude words');
    await server$(() => t.socket().open());
    await server$(() => t.socket().emit('message_was_moderated', { chat_id: 5, message: message(3, { text: 'Kind words', is_moderated: true }) }));
    expect(list).toHaveTextContent('Kind words');
    expect(list).not.toHaveTextContent('Rude words');
    await server$(() => t.socket().emit('message_was_deleted', { chat_id: 5, message_id: 3, message: message(3, { text: '', is_deleted: true }) }));
    expect(list).toHaveTextContent('This message was deleted');
    // An earlier message's change leaves the preview alone.
    await server$(() => t.socket().emit('message_was_edit', { chat_id: 5, message: message(1, { text: 'Edited first', edited_at: '2030-01-01T11:00:00Z' }) }));
    expect(list).not.toHaveTextContent('Edited first');
  });

  test('a frozen chat is read-only and says why, also when it freezes live', async () => {
    const server = chatServer({ messages: [message(1)] });
    const t = renderChat('/en/chat/5', server);
    await screen.findByText('Message 1');
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    await server$(() => t.socket().open());
    await server$(() => t.socket().emit('chat_is_frozen', { chat_id: 5, is_frozen: true, freeze_reason: 'The tour is over' }));
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.getByText('This chat is closed for new messages: The tour is over')).toBeInTheDocument();
  });

  test('after a dropped connection: what was missed is fetched, the offline message is sent once, no duplicates', async () => {
    const server = chatServer({ messages: [message(1), message(2)] });
    const t = renderChat('/en/chat/5', server);
    await screen.findByText('Message 2');
    await server$(() => t.socket().open());
    await server$(() => t.socket().drop());
    expect(await screen.findByText('No connection. Messages will be sent when it is back.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Written offline{Enter}');
    expect(within(log()).getByText('Will be sent when the connection is back')).toBeInTheDocument();
    expect(sendCalls(t.calls)).toHaveLength(0);
    // Meanwhile the support side wrote two messages; one event of them arrives right at the reconnect too.
    server.state.messages.push(message(3, { text: 'Missed one' }), message(4, { text: 'Missed two' }));
    await server$(() => {
      t.socket().open();
      t.socket().emit('new_message', { chat_id: 5, message: server.state.messages.find((m) => m.id === 4)! });
    });
    await screen.findByText('Missed one');
    expect(t.calls.some((c) => c.path === '/crm/api/chat/get-messages' && c.query?.after_id === 2)).toBe(true);
    await waitFor(() => expect(sendCalls(t.calls)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Will be sent when the connection is back')).toBeNull());
    // A second reconnect sends nothing again.
    await server$(() => {
      t.socket().drop();
      t.socket().open();
    });
    await waitFor(() => expect(t.calls.filter((c) => c.query?.after_id !== undefined).length).toBeGreaterThanOrEqual(2));
    expect(sendCalls(t.calls)).toHaveLength(1);
    expect(within(log()).getAllByText('Missed two')).toHaveLength(1);
    expect(within(log()).getAllByText('Written offline')).toHaveLength(1);
    const ids = within(log()).getAllByRole('listitem').map((li) => li.getAttribute('data-testid'));
    expect(ids).toEqual(['message-1', 'message-2', 'message-3', 'message-4', 'message-100']);
  });

  test('a message written in a network blip (the socket stays up) is sent by itself once the browser is back, once', async () => {
    const server = chatServer({ messages: [message(1)] });
    const t = renderChat('/en/chat/5', server);
    await screen.findByText('Message 1');
    await server$(() => t.socket().open());
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get');
    try {
      onLine.mockReturnValue(false);
      await server$(() => window.dispatchEvent(new Event('offline')));
      await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Written in the blip{Enter}');
      expect(within(log()).getByText('Will be sent when the connection is back')).toBeInTheDocument();
      expect(sendCalls(t.calls)).toHaveLength(0);
      onLine.mockReturnValue(true);
      await server$(() => window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(sendCalls(t.calls)).toHaveLength(1));
      await waitFor(() => expect(screen.getByTestId('message-100')).toHaveTextContent('Sent'));
      expect(screen.queryByText('Will be sent when the connection is back')).toBeNull();
      // No socket was dropped or opened for it.
      expect(t.sockets.sockets).toHaveLength(1);
      expect(t.socket().connected).toBe(true);
      expect(within(log()).getAllByText('Written in the blip')).toHaveLength(1);
    } finally {
      onLine.mockRestore();
    }
  });

  test("a send without an answer says it is trying again by itself; 'Send now' sends it at once", async () => {
    let down = true;
    const server = chatServer({ messages: [message(1)] });
    const send = server.routes['POST /crm/api/chat/send-message'] as (req: Req) => unknown;
    server.routes['POST /crm/api/chat/send-message'] = (req: Req) => (down ? new ApiError(0, '/crm/api/chat/send-message', 'Network error') : send(req));
    const t = renderChat('/en/chat/5', server);
    await screen.findByText('Message 1');
    await server$(() => t.socket().open());
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Through a bad line{Enter}');
    const pending = await within(log()).findByText('Not sent yet, trying again automatically');
    expect(pending.closest('li')).toHaveTextContent('Through a bad line');
    expect(sendCalls(t.calls)).toHaveLength(1);
    down = false;
    await userEvent.click(within(log()).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(screen.getByTestId('message-100')).toHaveTextContent('Sent'));
    expect(sendCalls(t.calls)).toHaveLength(2);
    // The same client id both times: the server keeps one message.
    expect(new Set(sendCalls(t.calls).map((c) => (c.body as { client_id: string }).client_id)).size).toBe(1);
    expect(within(log()).getAllByText('Through a bad line')).toHaveLength(1);
  });

  test('an attachment is uploaded first (its states shown) and sent with the message', async () => {
    let failNext = true;
    const server = chatServer({
      routes: {
        'POST /crm/api/file/upload': () => {
          if (failNext) {
            failNext = false;
            return new ApiError(500, '/crm/api/file/upload', 'Server error');
          }
          return { id: 77, url: '/media/uploads/abc.pdf', mime: 'application/pdf', size: 4 };
        },
      },
    });
    const t = renderChat('/en/chat/5', server);
    await screen.findByText('No messages yet. Write the first one.');
    await server$(() => t.socket().open());
    const input = screen.getByLabelText('Attach a file');
    await userEvent.upload(input, new File(['%PDF'], 'ticket.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('ticket.pdf — could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ticket.pdf — attached')).toBeInTheDocument();
    const upload = t.calls.find((c) => c.path === '/crm/api/file/upload')!;
    expect(upload.captcha).toBe(true);
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sendCalls(t.calls)).toHaveLength(1));
    expect(sendCalls(t.calls)[0]!.body).toMatchObject({ chat_id: 5, message: '', file_id: 77 });
    expect(await within(log()).findByRole('link', { name: 'ticket.pdf' })).toHaveAttribute('href', '/media/uploads/abc.pdf');
  });

  test('a file of another type is refused before any upload', async () => {
    const t = renderChat('/en/chat/5', chatServer());
    await screen.findByText('No messages yet. Write the first one.');
    fireEvent.change(screen.getByLabelText('Attach a file'), { target: { files: [new File(['x'], 'run.exe', { type: 'application/x-msdownload' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Only JPEG, PNG, WebP, GIF or PDF files can be attached.');
    expect(t.calls.some((c) => c.path === '/crm/api/file/upload')).toBe(false);
  });

  test('the chat is marked read when seen, and the unread count goes to the header badge', async () => {
    const server = chatServer({ messages: [message(1)], chat: { unread_count: 1 }, unread: 1 });
    const t = renderChat('/en/chat/5', server);
    await screen.findByText('Message 1');
    await waitFor(() => expect(t.calls.some((c) => c.path === '/crm/api/chat/mark-as-read' && (c.body as { chat_id: number }).chat_id === 5)).toBe(true));
    await waitFor(() => expect(t.events).toContainEqual({ event: 'chat:unread', payload: { count: 0 } }));
    // A message in another chat while this one is open: the badge asks for the count again.
    server.state.unread = 3;
    await server$(() => t.socket().open());
    await server$(() => t.socket().emit('new_message', { chat_id: 6, message: message(60, { chat_id: 6 }) }));
    await waitFor(() => expect(t.events).toContainEqual({ event: 'chat:unread', payload: { count: 3 } }));
  });

  test('messenger notifications: switched off, and on again through a connection code and its event', async () => {
    const server = chatServer({
      chat: { notifications_enabled: true },
      routes: {
        'POST /crm/api/chat/disable-notifications': { success: true, notifications_enabled: false },
        'GET /crm/api/chat/channels-list': { data: [{ id: 'telegram', name: 'Telegram', is_connected: false }] },
        'POST /crm/api/chat/generate-connection-code': { code: 'K7Q2X9', url: 'https://t.me/tours_bot?start=K7Q2X9', expires_at: '2030-01-01T12:00:00Z' },
      },
    });
    const t = renderChat('/en/chat/5', server);
    const toggle = await screen.findByRole('switch', { name: 'Notify me about new messages in this chat' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(t.calls.find((c) => c.path === '/crm/api/chat/disable-notifications')?.body).toEqual({ chat_id: 5 });
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Get a code for Telegram' }));
    expect(await screen.findByText('K7Q2X9')).toBeInTheDocument();
    expect(t.calls.find((c) => c.path === '/crm/api/chat/generate-connection-code')?.body).toEqual({ source_id: 'telegram' });
    expect(screen.getByRole('link', { name: 'Open Telegram' })).toHaveAttribute('href', 'https://t.me/tours_bot?start=K7Q2X9');
    await server$(() => t.socket().open());
    await server$(() => t.socket().emit('crm_user_chat_notifications_enabled', { chat_ids: [5], notifications_enabled: true, source: 'telegram' }));
    expect(toggle).toBeChecked();
    expect(screen.queryByText('K7Q2X9')).toBeNull();
  });

  test('/chat without an id opens the support chat of the site', async () => {
    const t = renderChat('/en/chat', chatServer({ messages: [message(1)] }));
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
    expect(t.calls.find((c) => c.path === '/crm/api/chat/get-chat-with-support')?.query).toEqual({ site_id: 1 });
  });

  test('when the support chat cannot be fetched, Retry asks again', async () => {
    let fail = true;
    const server = chatServer({
      messages: [message(1)],
      routes: {
        'GET /crm/api/chat/get-chat-with-support': () => {
          if (!fail) return { id: 5 };
          fail = false;
          return new ApiError(503, '/crm/api/chat/get-chat-with-support', 'Service unavailable');
        },
      },
    });
    renderChat('/en/chat', server);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Message 1')).toBeInTheDocument();
  });

  test.each(['/en/chat/9', '/en/chat/abc'])('%s (another traveller’s chat, or no chat id) is the 404 page', async (url) => {
    const t = renderChat(url, chatServer());
    await waitFor(() => expect(t.events).toContainEqual({ event: 'page:error', payload: { status: 404 } }));
    expect(t.calls.some((c) => c.path === '/crm/api/chat/get-chat-with-support')).toBe(false);
  });

  test('texts in the other locales', async () => {
    renderChat('/de/chat/5', chatServer({ messages: [message(1)] }));
    expect(await screen.findByRole('textbox', { name: 'Nachricht' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeInTheDocument();
  });
});

describe("a call back offered in the traveller's chat (docs/decisions.md 'Calls back to travellers')", () => {
  const offer = { chat_id: 5, state: 'offered' as const, caller_name: 'Anna (Support)', caller_type: 'support' as const, organizer_id: null };
  const dialog = () => screen.queryByRole('alertdialog', { name: 'Incoming call' });

  async function offered(routes: FakeRoutes = {}) {
    const t = renderChat('/en/chat/5', chatServer({ messages: [message(1)], routes: { 'POST /crm/api/chat/call-back-decline': { success: true }, ...routes } }));
    await screen.findByRole('log');
    await server$(() => t.socket().open());
    await server$(() => t.socket().emit('web_call_back', offer));
    return t;
  }

  test('an alert dialog naming who calls, Answer focused: Answer opens the call panel on the chat\'s line; sip.js is not asked for before', async () => {
    const t = await offered();
    expect(dialog()).toHaveAccessibleDescription(/^Anna \(Support\) is calling you back\./);
    expect(within(dialog()!).getByRole('button', { name: 'Answer' })).toHaveFocus();
    fireEvent.click(within(dialog()!).getByRole('button', { name: 'Answer' }));
    expect(t.openModal).toHaveBeenCalledWith('comms/call', { chatId: 5 });
    expect(dialog()).toBeNull();
  });

  test("an organizer's call back calls the organizer's line", async () => {
    const t = renderChat('/en/chat/5', chatServer({ messages: [message(1)] }));
    await screen.findByRole('log');
    await server$(() => t.socket().open());
    await server$(() => t.socket().emit('web_call_back', { ...offer, caller_name: 'Ivan (Baikal Trails)', caller_type: 'organizer', organizer_id: 7 }));
    fireEvent.click(within(dialog()!).getByRole('button', { name: 'Answer' }));
    expect(t.openModal).toHaveBeenCalledWith('comms/call', { organizerId: 7, calleeName: 'Ivan (Baikal Trails)', chatId: 5 });
  });

  test('Decline tells the console, and the dialog goes', async () => {
    const t = await offered();
    fireEvent.click(within(dialog()!).getByRole('button', { name: 'Decline' }));
    expect(dialog()).toBeNull();
    await waitFor(() => expect(t.calls.filter((c) => c.path === '/crm/api/chat/call-back-decline').map((c) => c.body)).toEqual([{ chat_id: 5 }]));
    expect(t.openModal).not.toHaveBeenCalledWith('comms/call', expect.anything());
  });

  test('withdrawn by the agent (or unanswered): the dialog goes by itself; a malformed event is ignored', async () => {
    const t = await offered();
    await server$(() => t.socket().emit('web_call_back', { ...offer, chat_id: 6, state: 'withdrawn' }));
    expect(dialog()).not.toBeNull();
    await server$(() => t.socket().emit('web_call_back', { ...offer, state: 'withdrawn' }));
    expect(dialog()).toBeNull();
    await server$(() => t.socket().emit('web_call_back', { ...offer, state: 'ringing' }));
    expect(dialog()).toBeNull();
  });
});
