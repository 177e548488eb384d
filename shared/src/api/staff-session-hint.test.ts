import { ADMIN_SESSION_COOKIE, hasAdminSessionHint } from './staff-session-hint';

describe('hasAdminSessionHint', () => {
  test.each<[string | undefined, boolean]>([
    [undefined, false],
    ['', false],
    ['admin_session=1', true],
    ['theme=dark; admin_session=1; currency=EUR', true],
    ['theme=dark;admin_session=1', true],
    ['admin_session=0', false],
    ['admin_session=', false],
    ['xadmin_session=1', false],
    ['admin_session=1x', false],
    ['admin_auth=secret', false],
  ])('%j → %s', (cookies, expected) => {
    expect(hasAdminSessionHint(cookies)).toBe(expected);
  });

  test('the cookie is named admin_session', () => {
    expect(ADMIN_SESSION_COOKIE).toBe('admin_session');
  });
});
