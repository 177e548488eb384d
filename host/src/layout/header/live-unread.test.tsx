import { act, screen } from '@testing-library/react';
import { sessionAtom } from '@tours/shared/core';
import type { HostContext, HostStore } from '@tours/shared/contract';
import { createStore } from 'jotai';
import type { RemoteLoader } from '../../federation/loader';
import { createHostEvents } from '../../events';
import { ChatBadge } from './ChatBadge';
import { wireChatUnread, wireLiveUnread } from './chat-unread';
import { followSession, startLiveUnread } from './live-unread';
import { SESSION, renderWithHost } from '../test-utils';

/**
 * The header's unread count, live on every page (issue 29: it changed only on page load, so a coordinator's reply
 * while the traveller read another page went unnoticed). mfe-comms's 'comms/unread' service keeps it; the host only
 * starts it (for a signed-in traveller, after the page is interactive, in its own chunk) and shows the atom.
 */

/** A window whose load and idle moments the test decides. */
function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget();
  const idle: Array<() => void> = [];
  const win = {
    document: { readyState },
    addEventListener: target.addEventListener.bind(target),
    requestIdleCallback: (fn: () => void) => idle.push(fn),
  } as unknown as Window;
  return { win, load: () => target.dispatchEvent(new Event('load')), idle: () => idle.splice(0).forEach((fn) => fn()), pending: () => idle.length };
}

describe('the live count loads only for a signed-in traveller, after the page is interactive', () => {
  test('a visitor who is not signed in loads nothing, however long the page stays', () => {
    const store = createStore() as HostStore;
    const w = fakeWindow('loading');
    const load = jest.fn();
    wireLiveUnread(store, load, w.win);
    w.load();
    w.idle();
    expect(load).not.toHaveBeenCalled();
  });

  test('signed in: after the load event and an idle moment, once; later sessions do not load it again', () => {
    const store = createStore() as HostStore;
    const w = fakeWindow('interactive');
    const load = jest.fn();
    wireLiveUnread(store, load, w.win);
    store.set(sessionAtom, SESSION);
    expect(w.pending()).toBe(0);
    w.load();
    expect(load).not.toHaveBeenCalled();
    w.idle();
    expect(load).toHaveBeenCalledTimes(1);
    store.set(sessionAtom, null);
    store.set(sessionAtom, { ...SESSION, token: 'other' });
    w.load();
    w.idle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a page already loaded waits only for the idle moment', () => {
    const store = createStore() as HostStore;
    store.set(sessionAtom, SESSION);
    const w = fakeWindow('complete');
    const load = jest.fn();
    wireLiveUnread(store, load, w.win);
    expect(load).not.toHaveBeenCalled();
    w.idle();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("the service follows the session: started with the token, stopped when it ends or changes", () => {
  test.each<[string, Array<string | null>, string[]]>([
    ['signed in', ['a'], ['start a']],
    ['signed out', ['a', null], ['start a', 'stop a']],
    ['another session', ['a', 'b'], ['start a', 'stop a', 'start b']],
    ['the same token again', ['a', 'a'], ['start a']],
  ])('%s', async (_name, tokens, expected) => {
    const store = createStore() as HostStore;
    const log: string[] = [];
    followSession(store, async (token) => {
      log.push(`start ${token}`);
      return () => log.push(`stop ${token}`);
    });
    for (const token of tokens) {
      store.set(sessionAtom, token ? { ...SESSION, token } : null);
      await Promise.resolve();
      await Promise.resolve();
    }
    expect(log).toEqual(expected);
  });

  test('a start that finishes after the session ended is stopped at once', async () => {
    const store = createStore() as HostStore;
    store.set(sessionAtom, SESSION);
    let finish!: (stop: () => void) => void;
    const stopped = jest.fn();
    followSession(store, () => new Promise((resolve) => (finish = resolve)));
    store.set(sessionAtom, null);
    finish(stopped);
    await Promise.resolve();
    expect(stopped).toHaveBeenCalled();
  });

  test('a service that cannot be loaded leaves the badge as it was, and says why in the console', async () => {
    const store = createStore() as HostStore;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loader = { loadModule: () => Promise.reject(new Error('mfe-comms did not expose ./service/unread')) } as unknown as RemoteLoader;
    store.set(sessionAtom, SESSION);
    startLiveUnread(store, loader, {} as HostContext);
    await new Promise((r) => setTimeout(r, 0));
    expect(warn).toHaveBeenCalledWith('[live unread count]', expect.any(Error));
    warn.mockRestore();
  });
});

describe("the header badge changes while the traveller is on another page (not the chat)", () => {
  test("mfe-comms's service is loaded without its texts, started with the session's token, and its counts reach the badge", async () => {
    const t = renderWithHost(<ChatBadge />, { path: '/en/about', session: SESSION, routes: { '/crm/api/chat/unread-count': { count: 0 } } });
    expect(await screen.findByRole('link', { name: 'Live chat' })).toBeInTheDocument();
    const events = createHostEvents();
    wireChatUnread(events, t.store);
    const host = { emit: events.emit } as unknown as HostContext;
    let started: { token: string } | null = null;
    const loader = {
      loadModule: jest.fn(async () => ({
        start: (_host: HostContext, props: { token: string }) => {
          started = props;
          return () => undefined;
        },
      })),
    } as unknown as RemoteLoader;
    startLiveUnread(t.store, loader, host);
    await act(async () => undefined);
    expect(loader.loadModule).toHaveBeenCalledWith('mfe-comms', './service/unread', { texts: false });
    expect(started).toEqual({ token: SESSION.token });
    // A coordinator replies: the service emits the new count, the badge shows it with no page load.
    act(() => host.emit('chat:unread', { count: 1 }));
    expect(screen.getByRole('link', { name: 'Live chat 1' })).toBeInTheDocument();
    act(() => host.emit('chat:unread', { count: 2 }));
    expect(screen.getByRole('link', { name: 'Live chat 2' })).toBeInTheDocument();
  });
});
