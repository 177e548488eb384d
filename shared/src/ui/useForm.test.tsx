import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import type { FieldMode } from '../domain/validation';
import en from '../i18n/messages/en/forms.json';
import { useT, type Translate } from '../i18n/use-t';
import { TextField } from './TextField';
import { errorText, useForm, type FormSchema } from './useForm';

type Values = { name: string; email: string };
const MIN3: FormSchema<Values> = { name: ['required', { rule: 'min', param: 3 }] };
let latest: ReturnType<typeof useForm<Values>> | null = null;

function Form({ mode, schema = MIN3 }: { mode?: FieldMode; schema?: FormSchema<Values> }) {
  const t = useT();
  const form = useForm<Values>({ name: '', email: '' }, schema, { mode });
  latest = form;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        form.validate();
      }}
    >
      <TextField label="Name" error={errorText(form.errors.name, t)} {...form.field('name')} />
      <TextField label="E-mail" error={errorText(form.errors.email, t)} {...form.field('email')} />
      <button type="submit">Send</button>
    </form>
  );
}

function setup(props: Parameters<typeof Form>[0] = {}) {
  const user = userEvent.setup();
  render(
    <IntlProvider locale="en" messages={en}>
      <Form {...props} />
    </IntlProvider>,
  );
  return { user, name: () => screen.getByRole('textbox', { name: 'Name' }), send: () => screen.getByRole('button', { name: 'Send' }) };
}

const SHORT = 'Minimum 3 characters';

describe('useForm: validation field modes of §4.13 (table)', () => {
  // After typing 'ab' · after leaving the field · after an error is shown (submit) and the value is fixed ('abc').
  test.each<[FieldMode | undefined, string, string, string]>([
    [undefined, '', SHORT, ''], // eager is the default
    ['eager', '', SHORT, ''],
    ['lazy', '', '', ''],
    ['aggressive', SHORT, SHORT, ''],
    ['passive', '', '', SHORT],
  ])('%s', async (mode, afterInput, afterBlur, afterFix) => {
    const { user, name, send } = setup({ mode });
    await user.type(name(), 'ab');
    expect(name()).toHaveAccessibleDescription(afterInput);
    await user.tab();
    expect(name()).toHaveAccessibleDescription(afterBlur);
    await user.click(send());
    expect(name()).toHaveAccessibleDescription(SHORT); // every mode validates on submit
    await user.type(name(), 'c');
    expect(name()).toHaveValue('abc');
    expect(name()).toHaveAccessibleDescription(afterFix);
  });

  test("a field's own mode wins over the form's", async () => {
    const { user, name } = setup({ mode: 'aggressive', schema: { name: { rules: ['required', { rule: 'min', param: 3 }], mode: 'passive' } } });
    await user.type(name(), 'ab');
    await user.tab();
    expect(name()).toHaveAccessibleDescription('');
  });

  test("a field's custom message replaces the rule's (§5.1)", async () => {
    const { user, name, send } = setup({ schema: { name: { rules: ['required'], message: 'Tell us your name' } } });
    await user.click(send());
    expect(name()).toHaveAccessibleDescription('Tell us your name');
  });
});

describe('useForm: submit and server errors', () => {
  test('validate checks every field and names the failing ones in schema order', async () => {
    setup({ schema: { email: ['required', 'email'], name: ['required'] } });
    let failed: string[] = [];
    act(() => {
      failed = latest!.validate();
    });
    expect(failed).toEqual(['email', 'name']);
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription('Required field');
  });

  test('server field errors land on their fields in their own words; what was typed stays (§5.8)', async () => {
    const { user, name } = setup();
    await user.type(name(), 'Anna');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'anna@example.com');
    let onFields: string[] = [];
    act(() => {
      onFields = latest!.setServerErrors({ name: 'This name is taken', captcha: 'Not a field of this form' });
    });
    expect(onFields).toEqual(['name']);
    expect(name()).toHaveValue('Anna');
    expect(name()).toHaveAccessibleDescription('This name is taken');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('anna@example.com');
    // Eager: the field shows an error, so the next input checks it again with the client rules.
    await user.type(name(), 'b');
    expect(name()).toHaveAccessibleDescription('');
  });

  test('change sets a value given by a control (not an event) and applies the mode', () => {
    const { result } = renderHook(() => useForm({ adults: 0 }, { adults: [{ rule: 'min_value', param: 1 }] }, { mode: 'aggressive' }));
    act(() => result.current.change('adults', -1));
    expect(result.current.values.adults).toBe(-1);
    expect(result.current.errors.adults).toEqual({ id: 'forms.validation.minValue', values: { min: 1 } });
    act(() => result.current.change('adults', 2));
    expect(result.current.errors.adults).toBeUndefined();
    let failed: string[] = [];
    act(() => {
      failed = result.current.validate();
    });
    expect(failed).toEqual([]);
  });
});

test('errorText: its own words first, else the catalogue message with its values', () => {
  const t = ((id: string, values?: Record<string, string | number>) => `${id}${values ? JSON.stringify(values) : ''}`) as Translate<string>;
  expect(errorText(undefined, t)).toBeUndefined();
  expect(errorText({ id: 'forms.validation.min', values: { length: 3 } }, t)).toBe('forms.validation.min{"length":3}');
  expect(errorText({ id: 'forms.validation.incorrect', text: 'Taken' }, t)).toBe('Taken');
});
