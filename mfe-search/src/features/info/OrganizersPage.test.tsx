/**
 * The organizers' page (issue 29: 'I provide tours' → 'Login in as a travel expert' led to a 404 in Chinese): where
 * /org and /org/register lead when no organizer area is configured — what the area is, who can join, how to apply,
 * and the contacts, in the visitor's locale.
 */
import { screen, within } from '@testing-library/react';
import { create } from 'superstruct';
import { InfoPageAnswer } from '@tours/shared/api';
import { renderWithHost } from '../../test-utils';
import InfoPage from './InfoPage';

const CALL = '/spa/info-page';
const contacts = {
  type: 'contacts' as const, email: 'help@tours.example',
  phones: [{ type: 'main' as const, entity: null, phone: '+78002014567', formatted_phone: '+7 800 201-45-67', text: 'Free call within Russia' }],
  schedule: { weekdays: { start: '09:00', end: '21:00' }, weekend: { start: '10:00', end: '19:00' }, timezone: 'MSK', utc_offset: '+03:00' },
};
const page = (locale: 'en' | 'de', blocks: unknown[]) => create({ page: 'organizers', locale, version: '1.0', updated_at: '2026-03-02', blocks }, InfoPageAnswer);

test('English: the title, what the organizer area is, how to apply, and how to reach us', async () => {
  const h = renderWithHost(<InfoPage />, {
    path: '/en/for-organizers',
    routes: {
      [CALL]: page('en', [
        { type: 'paragraph', text: 'The organizer area is where tour operators publish their tours.' },
        { type: 'heading', level: 2, text: 'How to apply' },
        { type: 'list', ordered: true, items: ['Write to partners@tours.example.', 'A coordinator answers within two working days.'] },
        contacts,
      ]),
    },
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Tour organizers: the organizer area' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 2, name: 'How to apply' })).toBeInTheDocument();
  expect(screen.getByText('The organizer area is where tour operators publish their tours.')).toBeInTheDocument();
  expect(within(screen.getAllByRole('list').find((l) => l.tagName === 'OL')!).getAllByRole('listitem')).toHaveLength(2);
  expect(screen.getByRole('link', { name: 'help@tours.example' })).toHaveAttribute('href', 'mailto:help@tours.example');
  expect(h.calls).toEqual([expect.objectContaining({ method: 'GET', path: CALL, query: { page: 'organizers' } })]);
});

test('German: the same page in the German title', async () => {
  renderWithHost(<InfoPage />, { path: '/de/for-organizers', routes: { [CALL]: page('de', [{ type: 'paragraph', text: 'Im Veranstalterbereich veröffentlichen Veranstalter ihre Touren.' }]) } });
  expect(screen.getByRole('heading', { level: 1, name: 'Für Veranstalter: der Veranstalterbereich' })).toBeInTheDocument();
  expect(await screen.findByText('Im Veranstalterbereich veröffentlichen Veranstalter ihre Touren.')).toBeInTheDocument();
});
