import { markRoute, createReservedArea, RESERVED_BOTTOM_PROPERTY, reservedBottom } from './reserved-area';

describe('reservedBottom', () => {
  it.each([
    ['no bar', [], 0],
    ['one bar', [['a', 64]], 64],
    ['a fractional height rounds up', [['a', 63.2]], 64],
    ['the tallest of two (they share the bottom edge)', [['a', 64], ['b', 90]], 90],
    ['a bad height counts as none', [['a', Number.NaN], ['b', -5]], 0],
  ] as const)('%s', (_name, entries, expected) => {
    expect(reservedBottom(new Map(entries as ReadonlyArray<[string, number]>))).toBe(expected);
  });
});

describe('createReservedArea', () => {
  it('sets the property while a bar is declared and removes it when the last one is released', () => {
    const root = document.createElement('div');
    const area = createReservedArea(root);
    area.declare('tour', 64);
    expect(root.style.getPropertyValue(RESERVED_BOTTOM_PROPERTY)).toBe('64px');
    area.declare('other', 80);
    expect(root.style.getPropertyValue(RESERVED_BOTTOM_PROPERTY)).toBe('80px');
    area.declare('other', 0);
    expect(root.style.getPropertyValue(RESERVED_BOTTOM_PROPERTY)).toBe('64px');
    // Hidden by a media query (desktop): height 0 releases the space.
    area.declare('tour', 0);
    expect(root.style.getPropertyValue(RESERVED_BOTTOM_PROPERTY)).toBe('');
  });
});

describe('markRoute', () => {
  it("keeps the page's route name on the root for the layout's CSS, and drops it on an unmatched page", () => {
    const root = document.createElement('html');
    markRoute(root, 'tour-page');
    expect(root.getAttribute('data-route')).toBe('tour-page');
    markRoute(root, 'search');
    expect(root.getAttribute('data-route')).toBe('search');
    markRoute(root, undefined);
    expect(root.hasAttribute('data-route')).toBe(false);
  });
});
