import '@testing-library/jest-dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { ApiError } from '../api/errors';
import { loadPhoneLib } from '../domain/phone';
import en from '../i18n/messages/en/forms.json';
import { HelpCard, type HelpCardProps } from './HelpCard';
import { useT } from '../i18n/use-t';

function Card(props: Partial<HelpCardProps> & Pick<HelpCardProps, 'submit'>) {
  const t = useT();
  return <HelpCard t={t} locale="en" termsHref="/agreement" privacyHref="/privacy" defaultCountry="RU" fallback={{ href: 'https://site.example', name: 'Tours of Russia' }} {...props} />;
}

function setup(submit: HelpCardProps['submit'], props: Partial<HelpCardProps> = {}) {
  const user = userEvent.setup();
  render(
    <IntlProvider locale="en" messages={en}>
      <Card submit={submit} {...props} />
    </IntlProvider>,
  );
  const phone = () => screen.getByRole('textbox', { name: /^Phone/ });
  return {
    user,
    name: () => screen.getByRole('textbox', { name: /^Name/ }),
    phone,
    /** Types the rest of a Russian number after the +7 the field starts with for this visitor. */
    typePhone: async (rest: string) => {
      await user.click(phone());
      await waitFor(() => expect(phone()).toHaveValue('+7'));
      await user.type(phone(), rest);
    },
    comment: () => screen.getByRole('textbox', { name: 'Comment' }),
    country: () => screen.getByRole('combobox', { name: 'Country code' }),
    submitButton: () => screen.getByRole('button', { name: 'Submit request' }),
  };
}

beforeAll(async () => {
  await loadPhoneLib();
});

test('the common help card of §2.7: title, labelled fields, prompt, button and the footer caption', () => {
  const { comment } = setup(jest.fn());
  expect(screen.getByRole('heading', { name: 'Any tour program on your request' })).toBeInTheDocument();
  expect(comment()).toHaveAttribute('placeholder', 'Where do you want to go?');
  expect(screen.getByText("We'll contact you by phone or in a messenger")).toBeInTheDocument();
  const caption = screen.getByText(/You acknowledge that you agree to our/);
  expect(caption).toHaveTextContent('You acknowledge that you agree to our Terms and Conditions (opens in a new tab) and Privacy Policy (opens in a new tab) when you click "Submit request"');
  expect(screen.getByRole('link', { name: /Terms and Conditions/ })).toHaveAttribute('href', '/agreement');
  expect(screen.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacy');
});

test('eager mode: a field is checked on blur, then again on every input once it shows an error', async () => {
  const { user, name, comment } = setup(jest.fn());
  await user.click(name());
  await user.click(comment());
  expect(name()).toHaveAccessibleDescription('Required field');
  await user.type(name(), 'A');
  expect(name()).not.toHaveAttribute('aria-invalid');
  expect(name()).toHaveAccessibleDescription('');
});

test('submit checks every field (§5.7): name and phone required, comment optional; nothing is sent', async () => {
  const submit = jest.fn();
  const { user, name, phone, submitButton } = setup(submit);
  await user.click(submitButton());
  expect(submit).not.toHaveBeenCalled();
  expect(name()).toHaveAccessibleDescription('Required field');
  expect(phone()).toHaveAccessibleDescription("We'll contact you by phone or in a messenger Required field");
  expect(screen.getByRole('status')).toHaveTextContent('Please check the fields marked in red: Name, Phone');
  await waitFor(() => expect(name()).toHaveFocus());
});

test('the phone must be valid for libphonenumber-js: "Incorrect phone number"', async () => {
  const submit = jest.fn();
  const { user, name, phone, submitButton, typePhone } = setup(submit);
  await user.type(name(), 'Anna');
  await typePhone(' 916 123 45');
  await user.click(submitButton());
  expect(phone()).toHaveAccessibleDescription(/Incorrect phone number$/);
  await user.clear(phone());
  expect(phone()).toHaveValue('+7'); // the code prefix stays
  await user.type(phone(), 'ab9ю');
  expect(phone()).toHaveValue('+79'); // letters are blocked
  await user.click(submitButton());
  expect(phone()).toHaveAccessibleDescription(/Please enter a valid phone number$/);
  expect(submit).not.toHaveBeenCalled();
});

test('a valid request is sent once (double click) and replaced by the success screen', async () => {
  let resolve: (id: number) => void = () => undefined;
  const submit = jest.fn(() => new Promise<number>((r) => (resolve = r)));
  const onSubmitted = jest.fn();
  const { user, name, comment, submitButton, typePhone } = setup(submit, { onSubmitted });
  await user.type(name(), ' Anna ');
  await typePhone(' 916 123 45 67');
  await user.type(comment(), 'Baikal in March');
  await user.dblClick(submitButton());
  await user.click(submitButton());
  await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  expect(submit).toHaveBeenCalledWith({ name: 'Anna', phone: '+7 916 123 45 67', comment: 'Baikal in March', country: 'RU' });
  expect(submitButton()).toBeDisabled();
  await act(async () => resolve(4817));
  expect(await screen.findByRole('heading', { name: 'Request #4817 has been sent' })).toBeInTheDocument();
  expect(screen.getByText('Our travel expert will contact you at +7 916 123 45 67.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Submit request' })).not.toBeInTheDocument();
  expect(onSubmitted).toHaveBeenCalledWith(4817);
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Request #4817 has been sent' })).toHaveFocus());
});

test("RU: '+8' becomes '8' and the national number is sent as +7", async () => {
  const submit = jest.fn(async () => 1);
  const { user, name, phone, submitButton } = setup(submit);
  await user.type(name(), 'Ivan');
  await user.click(phone());
  await waitFor(() => expect(phone()).toHaveValue('+7'));
  await user.tripleClick(phone());
  await user.paste('+8 916 123-45-67');
  expect(phone()).toHaveValue('8 916 123-45-67');
  await user.click(submitButton());
  await waitFor(() => expect(submit).toHaveBeenCalledWith(expect.objectContaining({ phone: '+79161234567' })));
});

test('a number of another country shows the mismatch hint; confirm switches the country; choosing a country resets the number', async () => {
  const { user, phone, country, typePhone } = setup(jest.fn());
  await typePhone(' 701 123 45 67');
  expect(await screen.findByText(/This number belongs to Kazakhstan\./)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  expect(country()).toHaveValue('Kazakhstan +7');
  expect(phone()).toHaveValue('+7 701 123 45 67');
  expect(screen.queryByText(/This number belongs to/)).not.toBeInTheDocument();
  await user.click(country());
  await user.type(country(), 'germ');
  await user.click(screen.getByRole('option', { name: 'Germany +49' }));
  expect(country()).toHaveValue('Germany +49');
  expect(phone()).toHaveValue('+49');
  expect(phone()).toHaveFocus();
  await user.type(phone(), '{Backspace}{Backspace}{Backspace}');
  expect(phone()).toHaveValue('+49'); // the code prefix cannot be deleted
});

test('the country search (§5.2): names, digits by calling code, "use code +X", keyboard, Escape keeps the country', async () => {
  const { user, phone, country } = setup(jest.fn());
  await user.click(phone());
  await waitFor(() => expect(phone()).toHaveValue('+7'));
  expect(country()).toHaveValue('Russia +7');
  expect(country()).toHaveAttribute('aria-expanded', 'false');
  await user.click(country());
  expect(country()).toHaveAttribute('aria-expanded', 'true');
  // Digits search the calling codes.
  await user.type(country(), '49');
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Germany +49']);
  // A code no country has is offered as it is.
  await user.clear(country());
  await user.type(country(), '+999');
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Use code +999']);
  await user.keyboard('{Enter}');
  expect(phone()).toHaveValue('+999');
  expect(phone()).toHaveFocus();
  expect(country()).toHaveAttribute('aria-expanded', 'false');
  // Keyboard: the arrows move the active option (aria-activedescendant), Enter chooses it.
  await user.click(country());
  await user.type(country(), 'united');
  const options = screen.getAllByRole('option').map((o) => o.textContent);
  expect(options.slice(0, 3)).toEqual(['United Arab Emirates +971', 'United Kingdom +44', 'United States +1']);
  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect(country()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'United States +1' }).id);
  expect(screen.getByRole('option', { name: 'United States +1' })).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{Enter}');
  expect(country()).toHaveValue('United States +1');
  expect(phone()).toHaveValue('+1');
  // A name nothing matches shows no list.
  await user.click(country());
  await user.type(country(), 'atlantis');
  expect(screen.queryAllByRole('option')).toEqual([]);
  expect(country()).toHaveAttribute('aria-expanded', 'false');
  // Escape closes the list and keeps the chosen country.
  await user.clear(country());
  await user.type(country(), 'fra');
  expect(country()).toHaveAttribute('aria-expanded', 'true');
  await user.keyboard('{Escape}');
  expect(country()).toHaveAttribute('aria-expanded', 'false');
  expect(country()).toHaveValue('United States +1');
  expect(phone()).toHaveValue('+1');
});

test('server field errors land on their fields (§5.8)', async () => {
  const submit = jest.fn(async () => {
    throw new ApiError(422, '/spa/submit-help-request', 'This number is blocked', { phone: 'This number is blocked' });
  });
  const { user, name, phone, submitButton, typePhone } = setup(submit);
  await user.type(name(), 'Anna');
  await typePhone(' 916 123 45 67');
  await user.click(submitButton());
  await waitFor(() => expect(phone()).toHaveAccessibleDescription(/This number is blocked$/));
  expect(name()).toHaveValue('Anna');
});

test('a network failure keeps everything typed and offers a retry that works', async () => {
  const submit = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(99);
  const { user, name, phone, comment, submitButton, typePhone } = setup(submit);
  await user.type(name(), 'Anna');
  await typePhone(' 916 123 45 67');
  await user.type(comment(), 'Altai');
  await user.click(submitButton());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent("We couldn't send your request: there is no connection to our server. Everything you typed is kept.");
  expect(alert).toHaveTextContent('Or send it on Tours of Russia');
  expect(screen.getByRole('link', { name: /Tours of Russia/ })).toHaveAttribute('href', 'https://site.example');
  expect([name(), phone(), comment()].map((el) => (el as HTMLInputElement).value)).toEqual(['Anna', '+7 916 123 45 67', 'Altai']);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Request #99 has been sent' })).toBeInTheDocument();
  expect(submit).toHaveBeenCalledTimes(2);
});

test('a 503 from the proxy or a 429 is shown with a retry', async () => {
  const submit = jest.fn().mockRejectedValueOnce(new ApiError(429, '/spa/submit-help-request', 'Too many requests. Please confirm that you are not a robot.', {}, { type: 'captcha' }));
  const { user, name, submitButton, typePhone } = setup(submit);
  await user.type(name(), 'Anna');
  await typePhone(' 916 123 45 67');
  await user.click(submitButton());
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please confirm that you are not a robot.');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
