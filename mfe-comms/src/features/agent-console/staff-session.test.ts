import { STAFF_SESSION_KEY, readStaffSession, writeStaffSession } from './staff-session';

const SESSION = { token: 'staff-token', staff: { id: 1, name: 'Anna (Support)', login: 'support@tours.example', kind: 'support' as const, organizer_id: null } };

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data };
}

describe('staff session in sessionStorage', () => {
  test.each<[string, string | undefined, typeof SESSION | null]>([
    ['nothing stored', undefined, null],
    ['a well-formed session', JSON.stringify(SESSION), SESSION],
    ['not JSON', '{oops', null],
    ['another shape', JSON.stringify({ token: 1 }), null],
    ['a traveller session', JSON.stringify({ token: 't', profile: { id: 1 } }), null],
  ])('%s', (_name, raw, expected) => {
    expect(readStaffSession(memory(raw === undefined ? {} : { [STAFF_SESSION_KEY]: raw }))).toEqual(expected);
  });

  test('written, read back, and cleared', () => {
    const s = memory();
    writeStaffSession(s, SESSION);
    expect(readStaffSession(s)).toEqual(SESSION);
    writeStaffSession(s, null);
    expect(s.data.size).toBe(0);
  });

  test('no storage, or storage that throws, is not an error', () => {
    expect(readStaffSession(undefined)).toBeNull();
    expect(() => writeStaffSession({ setItem: () => { throw new Error('quota'); }, removeItem: () => undefined }, SESSION)).not.toThrow();
  });
});
