import { createStore } from 'jotai';
import { sessionAtom } from '@tours/shared/core';
import { fakeApi } from '@tours/shared/src/testing';
import { supportChatIdAtom, webCallsAtom } from '../state/host-atoms';
import { wireSessionLookups } from './session-lookups';

const session = (token: string) => ({ token, profile: { id: 1, first_name: 'Anna', last_name: '', email: 'a@example.com', phone: '' } }) as never;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("what the layout asks once a session starts: the support chat id ('Go to Live Chat'), whether calls work ('Call via internet')", () => {
  test('asked when a session starts, with the site; cleared when it ends; nothing for guests', async () => {
    const asked: unknown[] = [];
    const { api } = fakeApi({
      '/crm/api/chat/get-chat-with-support': ({ query }: { query?: unknown }) => {
        asked.push(query);
        return { id: 42 };
      },
      '/crm/api/phone-code/web-call-settings': { available: true, can_call_to_support: true, can_call_to_organizer: false },
    });
    const store = createStore();
    wireSessionLookups(store, api);
    await flush();
    expect(store.get(supportChatIdAtom)).toBeNull();
    expect(asked).toEqual([]);
    store.set(sessionAtom, session('t1'));
    await flush();
    expect(store.get(supportChatIdAtom)).toBe(42);
    expect(asked).toEqual([expect.objectContaining({ site_id: 1 })]);
    expect(store.get(webCallsAtom)).toEqual({ available: true, can_call_to_support: true, can_call_to_organizer: false });
    store.set(sessionAtom, null);
    await flush();
    expect(store.get(supportChatIdAtom)).toBeNull();
    expect(store.get(webCallsAtom)).toBeNull();
  });

  test('a failure leaves the button out', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api } = fakeApi({
      '/crm/api/chat/get-chat-with-support': () => {
        throw new Error('down');
      },
      '/crm/api/phone-code/web-call-settings': () => {
        throw new Error('down');
      },
    });
    const store = createStore();
    store.set(sessionAtom, session('t2'));
    wireSessionLookups(store, api);
    await flush();
    expect(store.get(supportChatIdAtom)).toBeNull();
    expect(store.get(webCallsAtom)).toBeNull();
    warn.mockRestore();
  });
});
