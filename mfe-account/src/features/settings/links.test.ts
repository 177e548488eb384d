import { ApiError } from '@tours/shared/core';
import { isLinkToken, linkFailure, linkOfQuery, urlWithoutLinks } from './links';

describe('links e-mailed to /account', () => {
  test.each([
    [{ one_time_token: 'abc' }, { kind: 'sign-in', token: 'abc' }],
    [{ password_reset_token: 'r-1_x' }, { kind: 'password-reset', token: 'r-1_x' }],
    [{ confirm_email_token: 'c1' }, { kind: 'confirm-email', token: 'c1' }],
    [{ confirm_email_token: ['c1', 'c2'] }, { kind: 'confirm-email', token: 'c1' }],
    [{ confirm_email_token: 'c1', one_time_token: 'o1' }, { kind: 'sign-in', token: 'o1' }],
    [{ one_time_token: '  ' }, null],
    [{ one_time_token: '' }, null],
    [{ utm_source: 'mail' }, null],
    [{}, null],
  ])('%p → %p', (query, link) => expect(linkOfQuery(query)).toEqual(link));

  test.each([
    ['abcDEF012_-', true],
    ['a'.repeat(128), true],
    ['a'.repeat(129), false],
    ['abc def', false],
    ['abc%20', false],
    ['', false],
  ])('token %p is well formed: %p', (token, ok) => expect(isLinkToken(token)).toBe(ok));

  test.each([
    [{ one_time_token: 'abc' }, '/en/account'],
    [{ one_time_token: 'abc', utm_source: 'mail' }, '/en/account?utm_source=mail'],
    [{ tab: ['a', 'b'], password_reset_token: 'x', confirm_email_token: 'y' }, '/en/account?tab=a&tab=b'],
    [{ q: 'a b&c' }, '/en/account?q=a+b%26c'],
  ])('the URL of %p without its links is %p', (query, url) => expect(urlWithoutLinks('/en/account', query)).toBe(url));

  test.each([
    [new ApiError(422, '/x', 'The link has expired. Request a new one', { token: 'The link has expired. Request a new one' }), { kind: 'message', text: 'The link has expired. Request a new one' }],
    [new ApiError(409, '/x', 'This e-mail is used by another account'), { kind: 'message', text: 'This e-mail is used by another account' }],
    [new ApiError(422, '/x', 'Incorrect value', { code: 'Incorrect value' }), { kind: 'invalid' }],
    [new ApiError(422, '/x', 'Invalid'), { kind: 'invalid' }],
    [new ApiError(404, '/x', ''), { kind: 'invalid' }],
    [new ApiError(0, '/x', 'Network error'), { kind: 'retry' }],
    [new ApiError(503, '/x', 'Unavailable'), { kind: 'retry' }],
    [new ApiError(429, '/x', 'Too many requests'), { kind: 'retry' }],
    [new Error('boom'), { kind: 'retry' }],
  ])('a failure %p means %p', (error, failure) => expect(linkFailure(error)).toEqual(failure));
});
