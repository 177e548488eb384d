import { matchRoute } from '@tours/shared/src/routing/match';
import { renderDocument, renderHead, safeJson } from './head';

const messages = { 'meta.siteName': 'Tours of Russia', 'page.visa-page.title': 'Visa <to> Russia', 'meta.description': 'Desc', 'meta.notFound': 'Page not found' };

describe('server head', () => {
  test('title, escaped description, canonical and hreflang for every offered locale', () => {
    const match = matchRoute('/en/visa', { russianIsAvailable: false });
    const head = renderHead({ origin: 'https://site', match, locale: 'en', messages, russianIsAvailable: false, status: 200, path: '/en/visa' });
    expect(head).toContain('<title>Visa &lt;to&gt; Russia | Tours of Russia</title>');
    expect(head).toContain('<link rel="canonical" href="https://site/en/visa">');
    expect(head).toContain('hreflang="zh-CN" href="https://site/qianzheng"');
    expect(head).toContain('hreflang="de" href="https://site/de/visum"');
    expect(head).not.toContain('hreflang="ru"');
    expect(head).toContain('hreflang="x-default" href="https://site/qianzheng"');
  });

  test('a 404 gets noindex and no canonical', () => {
    const head = renderHead({ origin: 'https://site', match: null, locale: 'en', messages, russianIsAvailable: true, status: 404, path: '/x/y/z' });
    expect(head).toContain('noindex, follow');
    expect(head).not.toContain('canonical');
  });

  test('a 503 (the API could not check the route): its own title, noindex, no canonical', () => {
    const match = matchRoute('/en/moscow', { russianIsAvailable: true });
    const head = renderHead({ origin: 'https://site', match, locale: 'en', messages: { ...messages, 'error.503.title': "We'll be right back" }, russianIsAvailable: true, status: 503, path: '/en/moscow' });
    expect(head).toContain('<title>We&#39;ll be right back | Tours of Russia</title>');
    expect(head).toContain('noindex, follow');
    expect(head).not.toContain('canonical');
  });

  test('JSON in a script tag cannot close it', () => {
    expect(safeJson({ a: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });

  test("the page's route name is on the root (the layout's CSS reserves a tour page's order bar before it is drawn)", () => {
    const doc = (route?: string) => renderDocument({ lang: 'en', head: '', state: {}, entry: { js: [], css: [] }, accent: '#000', variant: 'base', route });
    expect(doc('tour-page')).toContain('data-route="tour-page">');
    expect(doc('"><script>')).toContain('data-route="&quot;&gt;&lt;script&gt;"');
    expect(doc()).not.toContain('data-route');
  });

  test("the number formatter's data is asked for before the stylesheets, under the page's nonce (issue 33)", () => {
    const doc = renderDocument({ lang: 'de', head: '<title>t</title>', state: {}, entry: { js: ['/assets/main.js'], css: ['/assets/a.css'] }, accent: '#000', variant: 'base', nonce: 'n0nce' });
    const warm = doc.indexOf('<script nonce="n0nce">try{Intl.NumberFormat.supportedLocalesOf(document.documentElement.lang)}catch(e){}</script>');
    expect(warm).toBeGreaterThan(doc.indexOf('<head>'));
    expect(warm).toBeLessThan(doc.indexOf('<link rel="stylesheet" href="/assets/a.css">'));
    expect(warm).toBeLessThan(doc.indexOf('<script async src="/assets/main.js"'));
  });
});
