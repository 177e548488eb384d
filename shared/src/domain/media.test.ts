import { roundedCount, roundedCountParts } from './stats';
import { sizedImage, toMediaItem } from './media';

describe('sizedImage (§3.6)', () => {
  test.each([
    ['/media/tours/1-1/{{size}}/image.svg', '400x400', undefined, '/media/tours/1-1/400x400/image.svg'],
    ['/media/tours/1-1/{{size}}/image.svg', null, undefined, '/media/tours/1-1/image.svg'],
    ['/media/tours/1-1/{{size}}/image.jpg', '1200x00', 'webp', '/media/tours/1-1/1200x00/image.webp'],
    ['/plain.jpg', '140x140', undefined, '/plain.jpg'],
  ])('%s size %s ext %s → %s', (url, size, ext, expected) => {
    expect(sizedImage(url, size, ext)).toBe(expected);
  });

  test('maps strings and {url, alt} objects to media items', () => {
    expect(toMediaItem('/a.jpg')).toEqual({ image: '/a.jpg' });
    expect(toMediaItem({ url: '/b.jpg', alt: 'Lake' })).toEqual({ image: '/b.jpg', alt: 'Lake' });
  });
});

describe('roundedCount', () => {
  test.each([
    [3457, '3400+'],
    [3000, '3000+'],
    [100, '100+'],
    [99, '99'],
    [0, '0'],
    [-5, '0'],
  ])('%d → %s', (n, expected) => {
    expect(roundedCount(n)).toBe(expected);
  });
});

describe('roundedCountParts (the footer count: the number for a plural message)', () => {
  test.each([
    [12345, { count: 12300, plus: true }],
    [100, { count: 100, plus: true }],
    [57, { count: 57, plus: false }],
    [0, { count: 0, plus: false }],
    [Number.NaN, { count: 0, plus: false }],
  ])('%d → %j', (n, expected) => {
    expect(roundedCountParts(n)).toEqual(expected);
  });
});
