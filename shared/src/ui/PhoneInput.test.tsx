import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { loadPhoneLib } from '../domain/phone';
import en from '../i18n/messages/en/forms.json';
import { useT } from '../i18n/use-t';
import { PhoneInput } from './PhoneInput';

function Field({ initialCountry }: { initialCountry: string }) {
  const t = useT();
  const [value, setValue] = useState('');
  const [country, setCountry] = useState(initialCountry);
  return <PhoneInput label="Phone" value={value} onChange={setValue} country={country} onCountryChange={setCountry} locale="en" t={t} />;
}

function setup(country = 'US') {
  const user = userEvent.setup();
  render(
    <IntlProvider locale="en" messages={en}>
      <Field initialCountry={country} />
    </IntlProvider>,
  );
  return { user, phone: () => screen.getByRole('textbox', { name: 'Phone' }), country: () => screen.getByRole('combobox', { name: 'Country code' }) };
}

beforeAll(async () => {
  await loadPhoneLib();
});

describe("the phone input: another country's number typed over the selected code (issue 29, public-site §4.13)", () => {
  test.each([
    ['US', '+1', '+442079460958'],
    ['DE', '+49', '+442079460958'],
  ])('%s selected: the typed +44 number stays as typed and the hint names its country', async (selected, code, typed) => {
    const { user, phone, country } = setup(selected);
    await user.click(phone());
    expect(phone()).toHaveValue(code);
    await user.tripleClick(phone());
    await user.keyboard(typed);
    expect(phone()).toHaveValue(typed);
    expect(screen.getByRole('status')).toHaveTextContent('This number belongs to United Kingdom.');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(country()).toHaveValue('United Kingdom +44');
    expect(phone()).toHaveValue(typed);
  });

  test('the code still cannot be deleted (§5.2)', async () => {
    const { user, phone } = setup('US');
    await user.click(phone());
    await user.keyboard('{End}{Backspace}{Backspace}');
    expect(phone()).toHaveValue('+1');
  });
});
