import { useMemo, useState, type KeyboardEvent } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCombobox } from './useCombobox';

const FRUITS = ['Apple', 'Apricot', 'Banana', 'Cherry', 'Date'];

interface HarnessProps {
  initialIndex?: number;
  showEmpty?: boolean;
  onSubmit?: (text: string) => void;
  /** A keydown listener around the field, like a dialog's. */
  onOuterKeyDown?: (e: KeyboardEvent) => void;
}

/** A filtering combobox: the typed text filters the fruits; choosing one puts it in the field and in <output>. */
function Harness({ initialIndex, showEmpty, onSubmit = () => undefined, onOuterKeyDown }: HarnessProps) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState('');
  const items = useMemo(() => FRUITS.filter((f) => f.toLowerCase().includes(text.trim().toLowerCase())), [text]);
  const combo = useCombobox({
    items,
    initialIndex,
    showEmpty,
    onSelect: (item) => {
      setText(item);
      setChosen(item);
    },
  });
  return (
    <div onKeyDown={onOuterKeyDown}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(text);
        }}
      >
        <input
          {...combo.inputProps}
          aria-label="Fruit"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            combo.setOpen(true);
          }}
        />
        <ul {...combo.listboxProps} aria-label="Fruits" hidden={!combo.expanded}>
          {combo.open && items.map((f, i) => <li key={f} {...combo.optionProps(i)}>{f}</li>)}
        </ul>
      </form>
      <output>{chosen}</output>
      <button type="button" onClick={() => combo.setOpen(true)}>
        Elsewhere
      </button>
    </div>
  );
}

function setup(props: HarnessProps = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const input = screen.getByRole('combobox', { name: 'Fruit' });
  /** What a keyboard and screen reader user gets: popup shown, the active option, the text, the choice. */
  const seen = () => {
    const activeId = input.getAttribute('aria-activedescendant');
    const selected = screen.queryAllByRole('option', { selected: true });
    // The active option is the one aria-activedescendant points at, and the only one marked selected.
    if (activeId) expect(selected.map((o) => o.id)).toEqual([activeId]);
    else expect(selected).toEqual([]);
    return {
      expanded: input.getAttribute('aria-expanded') === 'true',
      active: activeId ? document.getElementById(activeId)?.textContent ?? `missing #${activeId}` : null,
      value: (input as HTMLInputElement).value,
      chosen: document.querySelector('output')!.textContent,
    };
  };
  return { user, input, seen };
}

const open = (active: string | null, value = '') => ({ expanded: true, active, value, chosen: '' });
const closed = (value = '', chosen = '') => ({ expanded: false, active: null, value, chosen });

describe('useCombobox: the keyboard (WAI-ARIA 1.2 combobox, list autocomplete)', () => {
  test.each([
    ['focus opens the list, nothing highlighted', '', open(null)],
    ['ArrowDown highlights the first option', '{ArrowDown}', open('Apple')],
    ['ArrowDown moves on', '{ArrowDown}{ArrowDown}', open('Apricot')],
    ['ArrowUp with nothing highlighted goes to the last', '{ArrowUp}', open('Date')],
    ['ArrowDown wraps from the last to the first', '{ArrowDown>6/}', open('Apple')],
    ['ArrowUp wraps from the first to the last', '{ArrowDown}{ArrowUp}', open('Date')],
    ['End goes to the last option', '{ArrowDown}{End}', open('Date')],
    ['Home goes to the first option', '{ArrowUp}{Home}', open('Apple')],
    ['Home without a highlight is the caret’s', '{Home}', open(null)],
    ['typing filters and highlights nothing', 'ap', open(null, 'ap')],
    ['arrows move through the filtered options', 'ap{ArrowDown}{ArrowDown}', open('Apricot', 'ap')],
    ['new items reset the highlight', '{ArrowDown}{ArrowDown}{ArrowDown}b', open(null, 'b')],
    ['Enter chooses the highlighted option and closes', 'ap{ArrowDown}{ArrowDown}{Enter}', closed('Apricot', 'Apricot')],
    ['Escape closes and keeps the typed text', 'ch{ArrowDown}{Escape}', closed('ch')],
    ['ArrowDown reopens a closed list at the first option', 'ch{Escape}{ArrowDown}', open('Cherry', 'ch')],
    ['ArrowUp reopens a closed list at the last option', '{Escape}{ArrowUp}', open('Date')],
    ['a text nothing matches shows no list', 'xyz', closed('xyz')],
    ['arrows do nothing without options', 'xyz{ArrowDown}', closed('xyz')],
    ['typing after Escape opens the list again', '{Escape}e', open(null, 'e')],
  ])('%s', async (_name, keys, expected) => {
    const { user, seen } = setup();
    await user.tab();
    if (keys) await user.keyboard(keys);
    expect(seen()).toEqual(expected);
  });

  test('the input and the listbox are wired: role, aria-autocomplete, aria-controls, option ids', async () => {
    const { user, input } = setup();
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.click(input);
    const listbox = screen.getByRole('listbox', { name: 'Fruits' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(FRUITS);
    expect(new Set(screen.getAllByRole('option').map((o) => o.id)).size).toBe(FRUITS.length);
  });

  test.each([
    ['with a highlighted option, Enter chooses it and does not submit', '{ArrowDown}{Enter}', [], 'Apple'],
    ['without one, Enter is the form’s: it submits the typed text', 'cher{Enter}', [['cher']], ''],
    ['on a closed list, Enter submits', 'ban{ArrowDown}{Escape}{Enter}', [['ban']], ''],
  ])('Enter: %s', async (_name, keys, submits, chosen) => {
    const onSubmit = jest.fn();
    const { user, seen } = setup({ onSubmit });
    await user.tab();
    await user.keyboard(keys);
    expect(onSubmit.mock.calls).toEqual(submits);
    expect(seen().chosen).toBe(chosen);
  });

  test.each([
    ['an open list: it closes and the key goes no further', true, 0],
    ['a closed list: the key goes on (a dialog around closes)', false, 1],
  ])('Escape on %s', async (_name, isOpen, outerCalls) => {
    const onOuterKeyDown = jest.fn();
    const { user, seen } = setup({ onOuterKeyDown });
    await user.tab();
    if (!isOpen) await user.keyboard('{Escape}');
    onOuterKeyDown.mockClear();
    await user.keyboard('{Escape}');
    expect(onOuterKeyDown).toHaveBeenCalledTimes(outerCalls);
    expect(seen().expanded).toBe(false);
  });

  test('Tab leaves the field: the list closes, nothing is chosen, the text stays', async () => {
    const { user, input, seen } = setup();
    await user.tab();
    await user.keyboard('ap{ArrowDown}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(seen()).toEqual(closed('ap'));
    // A late answer (setOpen(true) while the field has no focus) opens nothing.
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(seen().expanded).toBe(false);
    // Focus opens it again, with nothing highlighted.
    await user.click(input);
    expect(seen()).toEqual(open(null, 'ap'));
  });

  test('initialIndex: the list opens on that option, and goes back to it when reopened', async () => {
    const { user, seen } = setup({ initialIndex: 2 });
    await user.tab();
    expect(seen()).toEqual(open('Banana'));
    await user.keyboard('{ArrowDown}');
    expect(seen().active).toBe('Cherry');
    await user.keyboard('{Escape}{ArrowDown}');
    expect(seen()).toEqual(open('Banana'));
    // Fewer options than initialIndex: nothing highlighted.
    await user.keyboard('ch');
    expect(seen()).toEqual(open(null, 'ch'));
  });

  test('showEmpty: the popup stays expanded with no option', async () => {
    const { user, seen } = setup({ showEmpty: true });
    await user.tab();
    await user.keyboard('xyz');
    expect(seen()).toEqual(open(null, 'xyz'));
    expect(screen.queryAllByRole('option')).toEqual([]);
  });
});

describe('useCombobox: the pointer', () => {
  test('moving over an option highlights it, a click chooses it, and the focus stays in the field', async () => {
    const { user, input, seen } = setup();
    await user.click(input);
    await user.hover(screen.getByRole('option', { name: 'Cherry' }));
    expect(seen()).toEqual(open('Cherry'));
    await user.keyboard('{ArrowDown}');
    expect(seen().active).toBe('Date');
    await user.click(screen.getByRole('option', { name: 'Banana' }));
    expect(seen()).toEqual(closed('Banana', 'Banana'));
    expect(input).toHaveFocus();
    // A click in the focused field reopens the list.
    await user.click(input);
    expect(seen()).toEqual({ ...open(null, 'Banana'), chosen: 'Banana' });
  });

  test('a press outside closes the list', async () => {
    const { user, input, seen } = setup();
    await user.click(input);
    expect(seen().expanded).toBe(true);
    await user.click(document.body);
    expect(seen()).toEqual(closed());
  });

  test('options reached by keyboard are scrolled into view; the one under the pointer is not', async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element, arg?: boolean | ScrollIntoViewOptions) {
      expect(arg).toEqual({ block: 'nearest' });
      scrolled.push(this.textContent ?? '');
    };
    try {
      const { user, input } = setup({ initialIndex: 3 });
      await user.click(input);
      expect(scrolled).toEqual(['Cherry']); // opened at initialIndex
      await user.keyboard('{ArrowDown}{Home}');
      expect(scrolled).toEqual(['Cherry', 'Date', 'Apple']);
      await user.hover(screen.getByRole('option', { name: 'Banana' }));
      expect(scrolled).toEqual(['Cherry', 'Date', 'Apple']);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
