import { createStore } from 'jotai';
import { sessionAtom } from '@tours/shared/core';
import { fakeApi } from '@tours/shared/src/testing';
import { supportChatIdAtom } from '../state/host-atoms';
import { wireSupportChat } from './support-chat';

const session = (token: string) => ({ token, profile: { id: 1, first_name: 'Anna', last_name: '', email: 'a@example.com', phone: '' } }) as never;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("the support chat id ('Go to Live Chat')", () => {
  test('asked when a session starts, with the site; cleared when it ends; nothing for guests', async () => {
    const asked: unknown[] = [];
    const { api } = fakeApi({
      '/crm/api/chat/get-chat-with-support': ({ query }: { query?: unknown }) => {
        asked.push(query);
        return { id: 42 };
      },
    });
    const store = createStore();
    wireSupportChat(store, api);
    await flush();
    expect(store.get(supportChatIdAtom)).toBeNull();
    expect(asked).toEqual([]);
    store.set(sessionAtom, session('t1'));
    await flush();
    expect(store.get(supportChatIdAtom)).toBe(42);
    expect(asked).toEqual([expect.objectContaining({ site_id: 1 })]);
    store.set(sessionAtom, null);
    await flush();
    expect(store.get(supportChatIdAtom)).toBeNull();
  });

  test('a failure leaves the button out', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api } = fakeApi({
      '/crm/api/chat/get-chat-with-support': () => {
        throw new Error('down');
      },
    });
    const store = createStore();
    store.set(sessionAtom, session('t2'));
    wireSupportChat(store, api);
    await flush();
    expect(store.get(supportChatIdAtom)).toBeNull();
    warn.mockRestore();
  });
});
