import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TextAreaField } from './TextAreaField';

function Comment({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return <TextAreaField label="Comment" value={value} onChange={(e) => setValue(e.target.value)} maxLength={10} error={error} inputClassName="x-textarea" />;
}

test.each([
  ['without an error', undefined, null],
  ['with an error', 'Too long', 'Too long'],
])('a labelled textarea %s', (_case, error, described) => {
  render(<Comment error={error} />);
  const box = screen.getByRole('textbox', { name: 'Comment' });
  expect(box.tagName).toBe('TEXTAREA');
  expect(box).toHaveClass('ui-field__input', 'x-textarea');
  expect(box.getAttribute('aria-invalid')).toBe(error ? 'true' : null);
  if (described) expect(box).toHaveAccessibleDescription(described);
  else expect(box).not.toHaveAttribute('aria-describedby');
});

test('typing reaches the form, within maxLength', async () => {
  render(<Comment />);
  const box = screen.getByRole('textbox', { name: 'Comment' });
  await userEvent.type(box, 'hello world, long');
  expect(box).toHaveValue('hello worl');
});
