import { ApiError, HostProvider } from '@tours/shared/core';
import { renderScreen } from '../testing';
import { usePageError } from './page-error';

const answer = (status: number, data?: Record<string, unknown>) => new ApiError(status, '/spa/page', 'x', {}, data);

function Screen({ error, valid }: { error: unknown; valid?: boolean }) {
  const pageError = usePageError(error, valid === undefined ? undefined : { valid });
  return <p data-testid="screen">{pageError ? `error page ${pageError.status}` : 'the screen'}</p>;
}

const pageErrors = (events: Array<{ event: string; payload: unknown }>) => events.filter((e) => e.event === 'page:error').map((e) => e.payload);

describe("usePageError: a screen's failed page call becomes the host's error page (public-site §2.8)", () => {
  test.each<[string, unknown, boolean | undefined, object | null]>([
    ['403 names the account the page belongs to', answer(403, { legit_user_phone: '+7 *** ***-45-67', legit_user_email: 'an***@example.com', token: 'secret' }), undefined, { status: 403, data: { legit_user_phone: '+7 *** ***-45-67', legit_user_email: 'an***@example.com' } }],
    ['403 without the account', answer(403), undefined, { status: 403 }],
    ['410', answer(410), undefined, { status: 410 }],
    ['404', answer(404), undefined, { status: 404 }],
    ["404 of a removed tour keeps its data", answer(404, { reason: 'removed_from_publication', similar_tours: [] }), undefined, { status: 404, data: { reason: 'removed_from_publication', similar_tours: [] } }],
    ['422 (a malformed route parameter): 404', answer(422), undefined, { status: 404 }],
    ['another 4xx: the default page', answer(400), undefined, { status: 500 }],
    ["an error that is not an answer: the default page with its message", new Error('Illegal redirect'), undefined, { status: 500, message: 'Illegal redirect' }],
    // §2.8 (issue 29): an answer that the page failed is the error page; only a failure that says nothing about it stays in place.
    ['500: the default error page', answer(500), undefined, { status: 500 }],
    ['503 (the API down or shedding load): the 503 page', answer(503), undefined, { status: 503 }],
    ['502 from a gateway: the default page (as it came)', answer(502), undefined, { status: 502 }],
    ['no answer (offline, the client\'s timeout): shown in place', answer(0), undefined, null],
    ['408 (the connection was too slow): shown in place', answer(408), undefined, null],
    ['429 without a captcha (the visitor\'s limit): shown in place', answer(429), undefined, null],
    ['no error', null, undefined, null],
    ['loading with a valid parameter', null, true, null],
    ['an invalid route parameter: 404 without a call', null, false, { status: 404 }],
    ['an invalid route parameter wins over an answer', answer(403), false, { status: 404 }],
  ])('%s', (_name, error, valid, expected) => {
    const t = renderScreen(<Screen error={error} valid={valid} />);
    expect(pageErrors(t.events)).toEqual(expected ? [expected] : []);
    expect(t.getByTestId('screen')).toHaveTextContent(expected ? `error page ${(expected as { status: number }).status}` : 'the screen');
  });

  it('emits once per failure: not again on a render, again for the next failure, not after a success', () => {
    const first = answer(404);
    const t = renderScreen(<Screen error={first} />);
    const again = (error: unknown) => t.rerender(<HostProvider host={t.host}><Screen error={error} /></HostProvider>);
    again(first);
    expect(pageErrors(t.events)).toEqual([{ status: 404 }]);
    again(answer(410));
    again(null);
    expect(pageErrors(t.events)).toEqual([{ status: 404 }, { status: 410 }]);
    expect(t.getByTestId('screen')).toHaveTextContent('the screen');
  });
});
