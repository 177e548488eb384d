/**
 * runtime/react.ts, the React API the widgets' components get on Preact (in place of preact/compat): React's prop
 * names as compat normalises them (table), and what that means in the DOM.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- jest.mock factories run before imports: they can only require */
// jsdom resolves packages with the 'browser' condition, which gives Preact's ES modules: use its CommonJS files.
jest.mock('preact', () => jest.requireActual(`${require('path').dirname(require.resolve('preact/package.json'))}/dist/preact.js`));
jest.mock('preact/hooks', () => jest.requireActual(`${require('path').dirname(require.resolve('preact/package.json'))}/hooks/dist/hooks.js`));
jest.mock('preact/test-utils', () => jest.requireActual(`${require('path').dirname(require.resolve('preact/package.json'))}/test-utils/dist/testUtils.js`));
jest.mock('react/jsx-runtime', () => jest.requireActual(`${require('path').dirname(require.resolve('preact/package.json'))}/jsx-runtime/dist/jsxRuntime.js`));
/* eslint-enable @typescript-eslint/no-require-imports */
import { act } from 'preact/test-utils';
import { createRoot, domProps, forwardRef, useState } from './react';

const f = () => undefined;
const g = () => undefined;

test.each<[string, Record<string, unknown>, Record<string, unknown>]>([
  // React's onChange fires on every keystroke of a text field: Preact's input event.
  ['input', { type: 'text', onChange: f }, { type: 'text', oninput: f }],
  ['input', { onChange: f }, { oninput: f }],
  ['textarea', { onChange: f }, { oninput: f }],
  // …but a checkbox, a radio, a file input and a select keep the change event.
  ['input', { type: 'checkbox', onChange: f }, { type: 'checkbox', onChange: f }],
  ['input', { type: 'radio', onChange: f }, { type: 'radio', onChange: f }],
  ['input', { type: 'file', onChange: f }, { type: 'file', onChange: f }],
  ['select', { onChange: f }, { onChange: f }],
  // Both on one field: both run.
  ['input', { onInput: f, onChange: g }, { oninput: f, oninputCapture: g }],
  // React's focus and blur bubble.
  ['div', { onFocus: f, onBlur: g }, { onfocusin: f, onfocusout: g }],
  ['button', { onDoubleClick: f, onClick: g }, { ondblclick: f, onClick: g }],
  ['div', { onAnimationEnd: f, onTransitionEnd: g }, { onanimationend: f, ontransitionend: g }],
  // SVG presentation attributes written dashed; others as they are.
  ['path', { strokeWidth: '3.5', strokeLinecap: 'round', fillRule: 'evenodd', fill: 'none' }, { 'stroke-width': '3.5', 'stroke-linecap': 'round', 'fill-rule': 'evenodd', fill: 'none' }],
  ['svg', { viewBox: '0 0 48 48', focusable: 'false' }, { viewBox: '0 0 48 48', focusable: 'false' }],
  ['my-element', { strokeWidth: 1 }, { strokeWidth: 1 }],
  // null is no attribute at all.
  ['a', { title: null, className: 'x', htmlFor: undefined }, { title: undefined, className: 'x', htmlFor: undefined }],
])('<%s> %p → %p', (type, props, expected) => {
  expect(domProps(type, props)).toEqual(expected);
});

test('in the DOM: a text field’s onChange on each input, a bubbling onFocus, dashed SVG attributes; unmount empties the root', () => {
  const seen: string[] = [];
  function Field() {
    const [value, setValue] = useState('');
    return (
      <div onFocus={() => seen.push('focus in the group')}>
        <input
          aria-label="name"
          value={value}
          onChange={(e) => {
            seen.push(`change ${e.currentTarget.value}`);
            setValue(e.currentTarget.value);
          }}
        />
        <svg viewBox="0 0 48 48">
          <path d="M0 0" strokeWidth="3.5" strokeLinecap="round" />
        </svg>
        <p>{value}</p>
      </div>
    );
  }
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<Field />));
  const input = container.querySelector('input')!;
  act(() => input.focus());
  act(() => {
    input.value = 'An';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  expect(seen).toEqual(['focus in the group', 'change An']);
  expect(container.querySelector('p')!.textContent).toBe('An');
  expect(container.querySelector('path')!.getAttribute('stroke-width')).toBe('3.5');
  expect(container.querySelector('path')!.getAttribute('stroke-linecap')).toBe('round');
  act(() => root.unmount());
  expect(container.childNodes).toHaveLength(0);
});

test('forwardRef: a ref given to a forwarded component reaches its element (the kit’s Button and fields)', () => {
  // Typed as React sees it: the runtime's own return type is Preact's.
  const Box = forwardRef<HTMLButtonElement, { label: string }>((props, ref) => (
    <button type="button" ref={ref as never}>
      {props.label}
    </button>
  )) as unknown as (props: { label: string; ref?: unknown }) => React.JSX.Element;
  const ref = { current: null as HTMLButtonElement | null };
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(<Box label="Send" ref={ref as never} />));
  expect(ref.current).toBe(container.querySelector('button'));
  expect(container.querySelector('button')!.hasAttribute('ref')).toBe(false);
  act(() => root.unmount());
});
