import { act, renderHook } from '@testing-library/react';
import { useListForm } from './useListForm';

interface Person { key: string; name: string; age: string }
type Field = 'name' | 'age';
const check = (p: Person, fields: readonly Field[]) => {
  const out: Partial<Record<Field, string>> = {};
  for (const f of fields) if (!p[f]) out[f] = `${f} required`;
  return out;
};
const checkAll = (all: readonly Person[]) => Object.fromEntries(all.map((p) => [p.key, check(p, ['name', 'age'])]).filter(([, e]) => Object.keys(e as object).length));
const START: Person[] = [{ key: 'a', name: 'Anna', age: '' }, { key: 'b', name: '', age: '7' }];

function setup(mode?: 'eager' | 'lazy' | 'aggressive') {
  const onChange = jest.fn();
  const hook = renderHook(() => useListForm<Person, Field, string>(START, { check, checkAll, onChange, mode }));
  return { ...hook, onChange };
}

test.each([
  // mode, events, errors of item b afterwards
  ['eager', 'typing into a field without an error checks nothing', [['change', 'b', 'name', '']], {}],
  ['eager', 'leaving a field checks it', [['blur', 'b', 'name']], { name: 'name required' }],
  ['eager', 'a field with an error is checked again as it is corrected', [['blur', 'b', 'name'], ['change', 'b', 'name', 'Bo']], {}],
  ['lazy', 'lazy: leaving a field checks nothing', [['blur', 'b', 'name']], {}],
  ['aggressive', 'aggressive: typing checks at once', [['change', 'b', 'name', '']], { name: 'name required' }],
] as const)('%s: %s', (mode, _case, events, expected) => {
  const { result } = setup(mode);
  for (const [kind, key, field, value] of events as ReadonlyArray<readonly [string, string, Field, string?]>) {
    act(() => (kind === 'change' ? result.current.change(key, field, value ?? '') : result.current.blur(key, field)));
  }
  expect(result.current.errors.b ?? {}).toEqual(expected);
});

test('submit checks every item; remove drops the item and its errors and tells its index; a change is reported', () => {
  const { result, onChange } = setup();
  let found = {};
  act(() => { found = result.current.validate(); });
  expect(found).toEqual({ a: { age: 'age required' }, b: { name: 'name required' } });
  let index = -2;
  act(() => { index = result.current.remove('b'); });
  expect(index).toBe(1);
  expect(result.current.items.map((p) => p.key)).toEqual(['a']);
  expect(result.current.errors).toEqual({ a: { age: 'age required' } });
  expect(onChange).toHaveBeenCalledTimes(1);
  act(() => { index = result.current.remove('zzz'); });
  expect(index).toBe(-1);
});

test('add, update and the current list between renders; reset is not a change and clears the errors', () => {
  const { result, onChange } = setup();
  act(() => {
    result.current.add({ key: 'c', name: 'Cy', age: '30' });
    result.current.update('c', { age: '31' });
    expect(result.current.current().map((p) => `${p.key}:${p.age}`)).toEqual(['a:', 'b:7', 'c:31']);
  });
  act(() => { result.current.setErrors({ a: { card: 'Server said no' } }); });
  expect(result.current.errors).toEqual({ a: { card: 'Server said no' } });
  act(() => result.current.reset([{ key: 'a', name: 'Anna', age: '40' }]));
  expect(result.current.items).toHaveLength(1);
  expect(result.current.errors).toEqual({});
  expect(onChange).toHaveBeenCalledTimes(2);
});
