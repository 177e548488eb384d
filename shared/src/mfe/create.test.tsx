import { act } from '@testing-library/react';
import { createTestHost } from '../testing';
import { slotId } from '../contract/names';
import { createMfeApp, createMfeParcel } from './create';

// The lifecycles single-spa calls (issue 33: the site's own few lines instead of single-spa-react): a microfrontend
// renders the current route's screen into its slot, a modal's parcel into the dialog's element with its props.
// A lifecycle settles after React's commit, which act flushes as its scope ends: start it inside act, await it after.
async function settled(lifecycle: () => Promise<void>): Promise<void> {
  let done: Promise<void> = Promise.resolve();
  await act(async () => {
    done = lifecycle();
  });
  await done;
}

describe('microfrontend lifecycles', () => {
  afterEach(() => document.body.replaceChildren());

  it('mounts the route\'s screen into the slot once it is on screen, and unmount empties the slot', async () => {
    const slot = document.createElement('div');
    slot.id = slotId('mfe-search');
    document.body.append(slot);
    const app = createMfeApp({ name: 'mfe-search', version: '1.0.0', screens: { index: () => <h1>Tours in Russia</h1> } });
    const { host } = createTestHost({ url: '/en' });
    await app.bootstrap();
    await settled(() => app.mount({ name: 'mfe-search', host }));
    expect(slot.querySelector('h1')?.textContent).toBe('Tours in Russia');
    await settled(() => app.unmount({ name: 'mfe-search', host }));
    expect(slot.innerHTML).toBe('');
  });

  it('fails the mount when the host layout has no slot', async () => {
    const app = createMfeApp({ name: 'mfe-tour', version: '1.0.0', screens: {} });
    const { host } = createTestHost();
    await expect(app.mount({ name: 'mfe-tour', host })).rejects.toThrow('Slot #mfe-slot-mfe-tour is missing from the host layout');
  });

  it('renders a parcel into the dialog\'s element with its props, and again on update', async () => {
    const dialog = document.createElement('div');
    document.body.append(dialog);
    const parcel = createMfeParcel('tour/variants', ({ tourId, mode }) => <p>{`${tourId} ${mode}`}</p>, { width: 500 });
    const { host } = createTestHost();
    const modal = { close: jest.fn() };
    await settled(() => parcel.mount({ name: 'parcel-1', domElement: dialog, host, modal, tourId: 15, mode: 'navigate' }));
    expect(dialog.textContent).toBe('15 navigate');
    await settled(() => parcel.update({ name: 'parcel-1', domElement: dialog, host, modal, tourId: 15, mode: 'selection' }));
    expect(dialog.textContent).toBe('15 selection');
    expect(parcel.modal).toEqual({ width: 500 });
    await settled(() => parcel.unmount({ name: 'parcel-1', domElement: dialog, host, modal, tourId: 15, mode: 'selection' }));
    expect(dialog.innerHTML).toBe('');
  });
});
