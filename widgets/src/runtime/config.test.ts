import { contrastText, readConfig } from './config';

function config(attrs: Record<string, string>, kind: 'search' | 'request' = 'search') {
  const warnings: [string, string][] = [];
  const result = readConfig(kind, (n) => attrs[n] ?? null, (attribute, message) => warnings.push([attribute, message]));
  return { result, warnings };
}

describe('widget attributes', () => {
  test('a full configuration', () => {
    const { result, warnings } = config({ partner: 'agency-42', locale: 'DE', currency: 'eur', color: '#0A7D5A', target: '_top', 'utm-campaign': 'summer', 'utm-content': 'header' });
    expect(warnings).toEqual([]);
    expect(result).toEqual({ kind: 'search', partner: 'agency-42', locale: 'de', currency: 'EUR', color: 'rgb(10,125,90)', target: '_top', utmCampaign: 'summer', utmContent: 'header' });
  });

  test('defaults: en, its currency, the default colour, a new tab', () => {
    const { result } = config({ partner: 'p' });
    expect(result).toMatchObject({ locale: 'en', currency: 'USD', color: null, target: '_blank', utmCampaign: null, utmContent: null });
    expect(config({ partner: 'p', locale: 'ru' }).result.currency).toBe('RUB');
    expect(config({ partner: 'p', locale: 'cn' }).result.currency).toBe('CNY');
  });

  test.each(['#ABC', '#aabbcc', '12,110,200', '0, 0, 0'])('colour %p is accepted', (color) => {
    const { result, warnings } = config({ partner: 'p', color });
    expect(warnings).toEqual([]);
    expect(result.color).toMatch(/^rgb\(\d+,\d+,\d+\)$/);
  });

  test.each(['red', '#ABCD', 'rgb(1,2,3)', '256,0,0', '#12345G', 'hsl(0 0% 0%)'])('colour %p is rejected with an error naming the attribute; the default colour is used', (color) => {
    const { result, warnings } = config({ partner: 'p', color }, 'request');
    expect(result.color).toBeNull();
    expect(warnings).toEqual([['color', `tour-request-widget: attribute "color" is invalid ("${color}"): colours must be #ABC, #AABBCC or r,g,b; the default colour is used`]]);
  });

  test.each<[Record<string, string>, string]>([
    [{}, 'partner'],
    [{ partner: 'my agency' }, 'partner'],
    [{ partner: 'p', locale: 'fr' }, 'locale'],
    [{ partner: 'p', currency: 'EURO' }, 'currency'],
    [{ partner: 'p', target: 'popup' }, 'target'],
    [{ partner: 'p', 'utm-content': 'a b' }, 'utm-content'],
  ])('%p warns about %s', (attrs, attribute) => {
    const { warnings } = config(attrs);
    expect(warnings.map((w) => w[0])).toEqual([attribute]);
    expect(warnings[0]![1]).toContain(`attribute "${attribute}"`);
  });

  test('button text on the theme colour: whichever of black and white reads better', () => {
    expect(contrastText([10, 125, 90])).toBe('#fff');
    expect(contrastText([255, 221, 0])).toBe('#000');
    expect(contrastText([0, 0, 0])).toBe('#fff');
    expect(contrastText([255, 255, 255])).toBe('#000');
  });
});
