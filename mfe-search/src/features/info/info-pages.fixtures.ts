/** Answers of GET /spa/info-page for the info pages' tests, checked against the answer schema when made. */
import { create } from 'superstruct';
import { InfoPageAnswer } from '@tours/shared/api';

export const ABOUT = create({
  page: 'about', locale: 'en', version: '1.2', updated_at: '2025-02-10',
  blocks: [
    { type: 'paragraph', text: 'Tours of Russia is a marketplace of guided tours.' },
    { type: 'heading', level: 2, text: 'How a request works' },
    { type: 'list', ordered: true, items: ['Send a request: it is free.', 'A coordinator contacts you.', 'You pay after confirmation.'] },
    { type: 'note', text: 'You never pay when you send a request.' },
    { type: 'heading', level: 3, text: 'Coordinators' },
    { type: 'list', items: ['Every day', 'Four languages'] },
    { type: 'link', route: 'contacts-page', text: 'Contact us' },
  ],
}, InfoPageAnswer);

export const FAQ = create({
  page: 'faq', locale: 'en', version: '1.4', updated_at: '2025-03-03',
  blocks: [
    { type: 'faq', title: 'Payment', items: [
      { question: 'How do I pay?', answer: 'By the invoice, online on the site.' },
      { question: 'Do I pay the whole price at once?', answer: 'Usually a prepayment of 15–30%.' },
      { question: 'Which currency do I pay in?', answer: 'The invoice is issued in roubles.' },
    ] },
    { type: 'faq', title: 'Your account', items: [
      { question: 'How do I sign in?', answer: 'With a one-time code.' },
      { question: 'Do I need an account?', answer: 'No.' },
      { question: 'How do I delete my data?', answer: 'Write to us.' },
    ] },
  ],
}, InfoPageAnswer);

export const PRIVACY_DE = create({
  page: 'privacy', locale: 'de', version: '2.4', updated_at: '2025-03-01',
  blocks: [
    { type: 'paragraph', text: 'Wir verarbeiten personenbezogene Daten nach dem Föderalen Gesetz Nr. 152-FZ.' },
    { type: 'link', route: 'cookies', text: 'Cookie-Richtlinie' },
  ],
}, InfoPageAnswer);

export const PRESS_FALLBACK = create({
  page: 'press', locale: 'en', version: '1.0', updated_at: '2024-12-12', fallback_locale: 'en',
  blocks: [{ type: 'heading', level: 2, text: 'Press kit' }, { type: 'paragraph', text: 'Logos and photos.' }],
}, InfoPageAnswer);

export const CONTACTS = create({
  page: 'contacts', locale: 'en', version: '1.0', updated_at: '2025-02-10',
  blocks: [
    { type: 'paragraph', text: 'Our travel coordinators answer by phone, chat and e-mail.' },
    {
      type: 'contacts', email: 'help@tours.example',
      phones: [
        { type: 'main', entity: null, phone: '+78002014567', formatted_phone: '+7 800 201-45-67', text: 'Free call within Russia' },
        { type: 'additional', entity: { id: 1, kind: 'country' }, phone: '+74951204567', formatted_phone: '+7 495 120-45-67', text: 'Moscow office' },
      ],
      schedule: { weekdays: { start: '09:00', end: '21:00' }, weekend: { start: '10:00', end: '19:00' }, timezone: 'MSK', utc_offset: '+03:00' },
    },
  ],
}, InfoPageAnswer);
