import { act, screen } from '@testing-library/react';
import { sessionAtom } from '@tours/shared/core';
import { createHostEvents } from '../../events';
import { ChatBadge } from './ChatBadge';
import { chatUnreadAtom, wireChatUnread } from './chat-unread';
import { SESSION, renderWithHost } from '../test-utils';

describe('Header chat badge (issue 15: the unread count in the header badge)', () => {
  it('is not shown to a signed-out visitor, and asks nothing', () => {
    const t = renderWithHost(<ChatBadge />, { routes: { '/crm/api/chat/unread-count': { count: 3 } } });
    expect(screen.queryByRole('link', { name: /Live chat/ })).toBeNull();
    expect(t.calls.some((c) => c.path === '/crm/api/chat/unread-count')).toBe(false);
  });

  it('links a signed-in traveller to the chat with the unread count', async () => {
    renderWithHost(<ChatBadge />, { session: SESSION, routes: { '/crm/api/chat/unread-count': { count: 3 } } });
    expect(await screen.findByRole('link', { name: 'Live chat 3' })).toHaveAttribute('href', '/en/chat');
  });

  it("follows mfe-comms's 'chat:unread' events, and forgets the count on sign-out", async () => {
    const t = renderWithHost(<ChatBadge />, { session: SESSION, routes: { '/crm/api/chat/unread-count': { count: 0 } } });
    expect(await screen.findByRole('link', { name: 'Live chat' })).toBeInTheDocument();
    const events = createHostEvents();
    wireChatUnread(events, t.store);
    act(() => events.emit('chat:unread', { count: 2 }));
    expect(screen.getByRole('link', { name: 'Live chat 2' })).toBeInTheDocument();
    act(() => events.emit('chat:unread', { count: 120 }));
    expect(screen.getByRole('link', { name: 'Live chat 99+' })).toBeInTheDocument();
    act(() => t.store.set(sessionAtom, null));
    expect(screen.queryByRole('link', { name: /Live chat/ })).toBeNull();
    expect(t.store.get(chatUnreadAtom)).toBeNull();
  });
});
