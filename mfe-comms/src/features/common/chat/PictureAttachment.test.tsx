import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '@tours/shared/src/testing';
import type { ChatMessage } from '@tours/shared/api';
import { initialMessages, reduceMessages } from './messages';
import { MessageList } from './MessageList';
import { file, message } from './test-fixture';

/**
 * Pictures in the chat (issue 29: they arrived as links): a thumbnail in a box of fixed size that opens full size, on
 * the traveller's chat and the agent console alike (both show MessageList); other files stay links.
 */
const PNG = file({ id: 80, name: 'passport.png', url: '/media/uploads/p.png', type: 'image/png' });

/** What the file URL answers: the status and the type the server sends. */
let answers: Record<string, { status: number; type: string }> = {};
const fetched: Array<{ url: string; auth: string | undefined }> = [];
let revoked: string[] = [];

beforeEach(() => {
  answers = { '/media/uploads/p.png': { status: 200, type: 'image/png' } };
  fetched.length = 0;
  revoked = [];
  let n = 0;
  Object.assign(URL, { createObjectURL: () => `blob:picture-${++n}`, revokeObjectURL: (href: string) => revoked.push(href) });
  globalThis.fetch = jest.fn(async (url: string, init?: { headers?: Record<string, string> }) => {
    fetched.push({ url, auth: init?.headers?.['X-Authorization'] });
    const a = answers[url] ?? { status: 404, type: 'application/json' };
    return { ok: a.status < 400, status: a.status, blob: async () => new Blob(['bytes'], { type: a.type }) };
  }) as unknown as typeof fetch;
});

function renderList(messages: ChatMessage[], token = 'tok-traveller') {
  const state = reduceMessages(initialMessages<ChatMessage>(), { type: 'page', messages, since: 0, complete: true });
  const props = { title: 'Support', messages: state, loadingOlder: false, onOlder: () => undefined, onRetry: () => undefined, onDiscard: () => undefined, queueWait: null, onSendNow: () => undefined, fileNameOf: () => undefined };
  return renderScreen(<MessageList {...props} token={token} />, { url: '/en/chat/5' });
}

describe('pictures in the chat: a thumbnail that opens full size; other files stay links', () => {
  test('the box is there before the picture (no jump); the picture is fetched with the reader’s token; its button opens it full size', async () => {
    const t = renderList([message(1, { text: 'My passport', file: PNG, attachment_status: 3 })]);
    const item = screen.getByTestId('message-1');
    const box = item.querySelector('.chat-msg__thumb')!;
    expect(box).not.toBeNull();
    const button = await within(item).findByRole('button', { name: 'Open the picture passport.png full size' });
    expect(item.querySelector('.chat-msg__thumb')).toBe(box);
    expect(within(button).getByRole('img')).toHaveAttribute('src', 'blob:picture-1');
    expect(within(button).getByRole('img')).toHaveAttribute('alt', 'Open the picture passport.png full size');
    expect(fetched).toEqual([{ url: '/media/uploads/p.png', auth: 'Bearer tok-traveller' }]);
    // The file's link stays under it (a download of its own name).
    expect(within(item).getByRole('link', { name: 'passport.png' })).toHaveAttribute('href', '/media/uploads/p.png');

    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Picture passport.png' })).toHaveAttribute('src', 'blob:picture-1');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Shown once, fetched once; released when the conversation goes.
    expect(fetched).toHaveLength(1);
    expect(revoked).toEqual([]);
    t.unmount();
    await waitFor(() => expect(revoked).toEqual(['blob:picture-1']));
  });

  test.each([
    ['a PDF', file({ name: 'ticket.pdf', url: '/media/uploads/t.pdf', type: 'application/pdf' })],
    ['an SVG (a document, never shown in place)', file({ name: 'logo.svg', url: '/media/uploads/l.svg', type: 'image/svg+xml' })],
  ])('%s stays a link, and nothing is fetched', async (_name, f) => {
    renderList([message(1, { file: f, attachment_status: 3 })]);
    const item = screen.getByTestId('message-1');
    expect(within(item).getByRole('link', { name: f.name })).toBeInTheDocument();
    expect(within(item).queryByRole('img')).toBeNull();
    expect(item.querySelector('.chat-msg__thumb')).toBeNull();
    expect(fetched).toEqual([]);
  });

  test.each([
    ['the file is gone (404)', { status: 404, type: 'application/json' }],
    ['the answer is not a picture (an HTML page)', { status: 200, type: 'text/html' }],
  ])('%s: the box says it cannot be shown, the link stays', async (_name, answer) => {
    answers['/media/uploads/p.png'] = answer;
    renderList([message(1, { file: PNG, attachment_status: 3 })]);
    const item = screen.getByTestId('message-1');
    expect(await within(item).findByText('The picture cannot be shown here. Use the link below.')).toBeInTheDocument();
    expect(within(item).queryByRole('img')).toBeNull();
    expect(within(item).getByRole('link', { name: 'passport.png' })).toBeInTheDocument();
  });

  test('a picture still loading on the server shows its state, not a thumbnail', () => {
    renderList([message(1, { file: PNG, attachment_status: 1 })]);
    expect(screen.getByTestId('message-1')).toHaveTextContent('passport.png — loading…');
    expect(fetched).toEqual([]);
  });

  test('the agent console’s picture is fetched from its staff URL with the staff token', async () => {
    answers = { '/crm/api/agent/file?message_id=1': { status: 200, type: 'image/jpeg' } };
    renderList([message(1, { direction: 'input', file: file({ name: 'scan.jpg', url: '/crm/api/agent/file?message_id=1', type: 'image/jpeg' }), attachment_status: 3 })], 'staff-token');
    expect(await screen.findByRole('button', { name: 'Open the picture scan.jpg full size' })).toBeInTheDocument();
    expect(fetched).toEqual([{ url: '/crm/api/agent/file?message_id=1', auth: 'Bearer staff-token' }]);
  });
});
