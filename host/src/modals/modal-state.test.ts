import { createStore } from 'jotai';
import { createModalController, createToaster, modalsAtom, toastsAtom } from './modal-state';

describe('modal controller and toaster', () => {
  test('opening and closing a modal resolves its handle with the result', async () => {
    const store = createStore();
    const modals = createModalController(store);
    const handle = modals.openRegistered('booking/program-pdf', { tourId: 1, tourTitle: 'Kizhi' });
    expect(store.get(modalsAtom)[0]?.request).toEqual({ kind: 'registered', key: 'booking/program-pdf', props: { tourId: 1, tourTitle: 'Kizhi' } });
    expect(store.get(modalsAtom)).toHaveLength(1);
    handle.close('done');
    await expect(handle.closed).resolves.toBe('done');
    expect(store.get(modalsAtom)).toHaveLength(0);
  });

  test('toasts last 7000 ms by default', () => {
    jest.useFakeTimers();
    const store = createStore();
    const toaster = createToaster(store, window);
    toaster.push({ kind: 'success', text: 'Saved' });
    toaster.push({ kind: 'error', text: 'Sticky', timeoutMs: 0 });
    jest.advanceTimersByTime(6999);
    expect(store.get(toastsAtom)).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual(['Sticky']);
    jest.useRealTimers();
  });
});
