import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModalContentProps, ModalSpec } from '@tours/shared/contract';
import type { LifeCycles } from 'single-spa';
import { renderWithHost } from '../layout/test-utils';
import type { RemoteLoader } from '../federation/loader';

/** A remote's exposed modal module: lifecycles that render the props they get, and the spec they declare. */
function fakeParcelModule(spec: ModalSpec): LifeCycles & { modal: ModalSpec } {
  return {
    modal: spec,
    bootstrap: async () => undefined,
    mount: async (props) => {
      const { domElement, tourId, mode, modal } = props as unknown as { domElement: HTMLElement; tourId: number; mode: string; modal: ModalContentProps };
      domElement.innerHTML = `<h2 id="${spec.labelId}">Dates of tour ${tourId} (${mode})</h2><button type="button">Choose</button>`;
      domElement.querySelector('button')!.addEventListener('click', () => modal.close('2026-05-01'));
    },
    unmount: async (props) => {
      (props as unknown as { domElement: HTMLElement }).domElement.innerHTML = '';
    },
  };
}

function Form({ close }: ModalContentProps) {
  return (
    <div>
      <h2 id="t">Book a private custom tour</h2>
      <label>
        Name <input />
      </label>
      <button type="button" onClick={() => close('sent')}>
        Send
      </button>
    </div>
  );
}

describe('modal outlet (§4.13 modal)', () => {
  test('mounts on demand, Escape closes and focus returns', async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<button type="button">Open</button>);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    let handle!: ReturnType<typeof t.host.showModal>;
    act(() => {
      handle = t.host.showModal({ component: Form, props: {}, labelId: 't' });
    });
    const dialog = screen.getByRole('dialog', { name: 'Book a private custom tour' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await expect(handle.closed).resolves.toBeUndefined();
    expect(opener).toHaveFocus();
  });

  test('an overlay click closes a normal modal; a persistent one shakes for 300 ms instead', () => {
    jest.useFakeTimers();
    const t = renderWithHost(<span />);
    act(() => void t.host.showModal({ component: Form, props: {}, labelId: 't', persistent: true }));
    fireEvent.click(screen.getByTestId('modal-overlay'));
    const dialog = screen.getByRole('dialog');
    expect(dialog.className).toContain('host-modal__dialog--shake');
    act(() => void jest.advanceTimersByTime(300));
    expect(dialog.className).not.toContain('host-modal__dialog--shake');

    act(() => void t.host.showModal({ component: Form, props: {}, labelId: 't' }));
    const overlays = screen.getAllByTestId('modal-overlay');
    fireEvent.click(overlays[overlays.length - 1]!);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    jest.useRealTimers();
  });

  test('Tab and Shift+Tab stay inside the dialog', async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<button type="button">Outside</button>);
    act(() => void t.host.showModal({ component: Form, props: {}, labelId: 't' }));
    const dialog = screen.getByRole('dialog');
    const focusables = [screen.getByRole('button', { name: 'Close' }), screen.getByRole('textbox'), screen.getByRole('button', { name: 'Send' })];
    expect(focusables[0]).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(focusables[2]).toHaveFocus();
    await user.tab();
    expect(focusables[0]).toHaveFocus();
    await user.tab({ shift: true });
    expect(focusables[2]).toHaveFocus();
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  test('a result passed to close reaches the opener', async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<span />);
    let handle!: ReturnType<typeof t.host.showModal>;
    act(() => {
      handle = t.host.showModal({ component: Form, props: {}, labelId: 't' });
    });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expect(handle.closed).resolves.toBe('sent');
  });

  test('a registered modal: the owner\'s module is loaded by key, and its size, label and props come from the contract', async () => {
    const user = userEvent.setup();
    const loads: string[] = [];
    const loader = { loadModule: async (remote: string, module: string) => (loads.push(`${remote} ${module}`), fakeParcelModule({ width: 500, labelId: 'variants-title' })) } as unknown as RemoteLoader;
    const t = renderWithHost(<span />, { loader });
    let handle!: ReturnType<typeof t.host.openModal>;
    act(() => {
      handle = t.host.openModal('tour/variants', { tourId: 7, mode: 'selection' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Dates of tour 7 (selection)' });
    expect(loads).toEqual(['mfe-tour ./modal/variants']);
    expect(dialog.className).toContain('host-modal__dialog--w500');
    await user.click(screen.getByRole('button', { name: 'Choose' }));
    await expect(handle.closed).resolves.toBe('2026-05-01');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a registered modal whose owner cannot be loaded opens with the notice, and closes', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const loader = { loadModule: async () => Promise.reject(new Error('mfe-comms is not in /mfe-manifest.json')) } as unknown as RemoteLoader;
    const t = renderWithHost(<span />, { loader });
    act(() => void t.host.openModal('comms/call', {}));
    const dialog = await screen.findByRole('dialog', { name: 'Dialog' });
    expect(dialog).toHaveTextContent('This window could not be loaded. Please try again later.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
