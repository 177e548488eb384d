import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModalContentProps } from '@tours/shared';
import { renderWithHost } from '../layout/test-utils';

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
    let handle!: ReturnType<typeof t.host.openModal>;
    act(() => {
      handle = t.host.openModal({ kind: 'component', component: Form, labelId: 't' });
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
    act(() => void t.host.openModal({ kind: 'component', component: Form, labelId: 't', persistent: true }));
    fireEvent.click(screen.getByTestId('modal-overlay'));
    const dialog = screen.getByRole('dialog');
    expect(dialog.className).toContain('host-modal__dialog--shake');
    act(() => void jest.advanceTimersByTime(300));
    expect(dialog.className).not.toContain('host-modal__dialog--shake');

    act(() => void t.host.openModal({ kind: 'component', component: Form, labelId: 't' }));
    const overlays = screen.getAllByTestId('modal-overlay');
    fireEvent.click(overlays[overlays.length - 1]!);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    jest.useRealTimers();
  });

  test('Tab and Shift+Tab stay inside the dialog', async () => {
    const user = userEvent.setup();
    const t = renderWithHost(<button type="button">Outside</button>);
    act(() => void t.host.openModal({ kind: 'component', component: Form, labelId: 't' }));
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
    let handle!: ReturnType<typeof t.host.openModal>;
    act(() => {
      handle = t.host.openModal({ kind: 'component', component: Form, labelId: 't' });
    });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expect(handle.closed).resolves.toBe('sent');
  });
});
