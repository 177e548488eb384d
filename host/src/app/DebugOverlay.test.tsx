import { isDebugOn } from './DebugOverlay';

const at = (search: string) => ({ search }) as Location;

describe('debug overlay flag (§2.3)', () => {
  beforeEach(() => localStorage.clear());
  test('?siteDebug turns it on and stores the flag; the flag alone keeps it on', () => {
    expect(isDebugOn(at(''))).toBe(false);
    expect(isDebugOn(at('?siteDebug'))).toBe(true);
    expect(localStorage.getItem('siteDebug')).toBe('1');
    expect(isDebugOn(at('?page=2'))).toBe(true);
  });
  test('?siteDebug=0 turns it off and forgets the flag', () => {
    localStorage.setItem('siteDebug', '1');
    expect(isDebugOn(at('?siteDebug=0'))).toBe(false);
    expect(localStorage.getItem('siteDebug')).toBeNull();
  });
});
