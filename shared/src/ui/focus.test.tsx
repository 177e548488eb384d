import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keepTabWithin, useFocusTrap } from './focus';

function Surface({ open, onEscape, initialFocus, children }: { open: boolean; onEscape?: () => void; initialFocus?: RefObject<HTMLElement | null>; children: ReactNode }) {
  const trap = useFocusTrap(open, { onEscape, initialFocus, htmlClass: 'test-surface-open' });
  if (!open) return null;
  return (
    <div ref={trap.ref} role="dialog" aria-label="Surface" tabIndex={-1} onKeyDown={trap.onKeyDown}>
      {children}
    </div>
  );
}

/** An opener, a control outside, and the surface with first / middle / last controls plus some Tab must skip. */
function Harness({ escape = true, withInitial = false, empty = false }: { escape?: boolean; withInitial?: boolean; empty?: boolean }) {
  const [open, setOpen] = useState(false);
  const middle = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Outside</button>
      <button type="button" onClick={() => setOpen(false)} data-testid="remote-close">
        Close from outside
      </button>
      <Surface open={open} onEscape={escape ? () => setOpen(false) : undefined} initialFocus={withInitial ? middle : undefined}>
        {empty ? (
          <p>Nothing to focus</p>
        ) : (
          <>
            <button type="button">First</button>
            <input aria-label="Middle" ref={middle} />
            <button type="button" disabled>
              Disabled
            </button>
            <a href="#last">Last</a>
            <button type="button" hidden>
              Hidden
            </button>
            <div {...{ inert: '' }}>
              <button type="button">Inert</button>
            </div>
            <span tabIndex={-1}>Not in the tab order</span>
          </>
        )}
      </Surface>
    </>
  );
}

async function openSurface(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Surface' }) };
}

/** 'surface' is the dialog itself, 'Middle' the text box, anything else a button or link by its text. */
const named = (name: string): HTMLElement =>
  name === 'surface' ? screen.getByRole('dialog') : name === 'Middle' ? screen.getByRole('textbox', { name }) : screen.getByText(name, { selector: 'button, a' });

describe('useFocusTrap: Tab and Shift+Tab stay inside (table)', () => {
  test.each<[string, string, boolean, string]>([
    ['Tab from the last goes to the first', 'Last', false, 'First'],
    ['Shift+Tab from the first goes to the last', 'First', true, 'Last'],
    ['Tab inside moves on (disabled skipped)', 'Middle', false, 'Last'],
    ['Shift+Tab inside moves back', 'Middle', true, 'First'],
    ['Shift+Tab from the surface itself goes to the last', 'surface', true, 'Last'],
  ])('%s', async (_, from, shift, to) => {
    const { user } = await openSurface();
    act(() => named(from).focus());
    await user.tab({ shift });
    expect(named(to)).toHaveFocus();
  });

  test('hidden, inert and tabindex=-1 elements are never reached', async () => {
    const { user, dialog } = await openSurface();
    const seen = new Set<Element | null>();
    for (let i = 0; i < 8; i++) {
      await user.tab();
      seen.add(document.activeElement);
    }
    expect([...seen].map((e) => e?.textContent || e?.getAttribute('aria-label'))).toEqual(['Middle', 'Last', 'First']);
    expect([...seen].every((e) => dialog.contains(e))).toBe(true);
  });
});

describe('useFocusTrap: opening and closing', () => {
  test('focus moves to the first focusable element, Escape closes and focus returns to the opener', async () => {
    const { user, opener } = await openSurface();
    expect(named('First')).toHaveFocus();
    expect(document.documentElement).toHaveClass('test-surface-open');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.documentElement).not.toHaveClass('test-surface-open');
  });

  test('initialFocus wins over the first focusable element', async () => {
    await openSurface({ withInitial: true });
    expect(named('Middle')).toHaveFocus();
  });

  test('a surface without controls holds focus itself, also on Tab', async () => {
    const { user, dialog } = await openSurface({ empty: true });
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(dialog).toHaveFocus();
  });

  test('without onEscape, Escape is left to the caller', async () => {
    const { user } = await openSurface({ escape: false });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('closed from elsewhere, focus still returns to the opener', async () => {
    const { opener } = await openSurface();
    act(() => screen.getByTestId('remote-close').click());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  test('focus moved elsewhere on purpose before closing is left there', async () => {
    await openSurface();
    const outside = screen.getByRole('button', { name: 'Outside' });
    act(() => outside.focus());
    act(() => screen.getByTestId('remote-close').click());
    expect(outside).toHaveFocus();
  });
});

test('keepTabWithin brings focus that is outside back in', () => {
  render(
    <>
      <button type="button">Out</button>
      <div data-testid="root">
        <button type="button">In 1</button>
        <button type="button">In 2</button>
      </div>
    </>,
  );
  const root = screen.getByTestId('root');
  const cases: Array<[boolean, string]> = [
    [false, 'In 1'],
    [true, 'In 2'],
  ];
  for (const [shiftKey, expected] of cases) {
    screen.getByRole('button', { name: 'Out' }).focus();
    const preventDefault = jest.fn();
    keepTabWithin({ key: 'Tab', shiftKey, preventDefault }, root);
    expect(preventDefault).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: expected })).toHaveFocus();
  }
});
