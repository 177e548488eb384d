/* The common help card (public-site §2.7, §5.7, §7.4) under the tour's coordinator contacts. */
import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currencyAtom } from '@tours/shared/core';
import { fillHelpCard, renderScreen } from '@tours/shared/src/testing';
import { loadPhoneLib } from '@tours/shared/src/domain/phone';
import { CONTACT_ROUTES, tourFixture } from '../test-fixture';
import { Sidebar } from './Sidebar';


function show(individual = false) {
  const tour = tourFixture({ is_individual: individual });
  const r = renderScreen(<Sidebar tour={tour} showMaxAge={false} />, {
    url: `/en/${tour.slug}`,
    routes: { ...CONTACT_ROUTES, 'POST /spa/submit-help-request': { request_id: 505, requestUUID: '0f6a3c2e-1b7d-4e8a-9c55-2d1f0a9b8c7e' } },
  });
  act(() => r.host.store.set(currencyAtom, 'RUB'));
  return r;
}

beforeAll(async () => {
  await loadPhoneLib();
});

test('the help card follows the contacts; a submit stores common_help and shows the success screen', async () => {
  const user = userEvent.setup();
  const r = show();
  const title = await screen.findByRole('heading', { level: 2, name: 'Any tour program on your request' });
  expect(screen.getByTestId('coordinator').compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAttribute('placeholder', 'Where do you want to go?');
  await fillHelpCard(user, 'Same tour in winter');
  expect(await screen.findByRole('heading', { name: 'Request #505 has been sent' })).toBeInTheDocument();
  expect(screen.getByText('Our travel expert will contact you at +1 212 456 7890.')).toBeInTheDocument();
  const sent = r.calls.filter((c) => c.path === '/spa/submit-help-request');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.captcha).toBe(true);
  expect((sent[0]!.body as { data: Record<string, unknown> }).data).toMatchObject({
    type: 'common_help', name: 'Anna', phone: '+12124567890', comment: `Same tour in winter\nrequest from ${window.location.href}`, click_source: 'tour_contacts', referer: window.location.href, agree: true,
  });
});

test('an individual tour, which hides the contacts, has no help card', async () => {
  show(true);
  await act(async () => undefined);
  expect(screen.queryByTestId('help-card')).not.toBeInTheDocument();
});
