import { linkify, safeHref, type Segment } from './links';

const t = (text: string): Segment => ({ kind: 'text', text });
const l = (text: string, href: string): Segment => ({ kind: 'link', text, href });

describe('message text → safe segments (text and http(s) links only)', () => {
  test.each<[string, Segment[]]>([
    ['hello', [t('hello')]],
    ['', []],
    ['see https://example.com', [t('see '), l('https://example.com', 'https://example.com/')]],
    ['http://a.b/c?d=1#e and more', [l('http://a.b/c?d=1#e', 'http://a.b/c?d=1#e'), t(' and more')]],
    ['www.example.com/x', [l('www.example.com/x', 'https://www.example.com/x')]],
    ['end of sentence https://x.org/a.', [t('end of sentence '), l('https://x.org/a', 'https://x.org/a'), t('.')]],
    ['(https://x.org/a)', [t('('), l('https://x.org/a', 'https://x.org/a'), t(')')]],
    ['https://en.wikipedia.org/wiki/Foo_(bar)', [l('https://en.wikipedia.org/wiki/Foo_(bar)', 'https://en.wikipedia.org/wiki/Foo_(bar)')]],
    ['two https://a.io and https://b.io', [t('two '), l('https://a.io', 'https://a.io/'), t(' and '), l('https://b.io', 'https://b.io/')]],
    ['javascript:alert(1)', [t('javascript:alert(1)')]],
    ['click javascript://example.com/%0Aalert(1)', [t('click javascript://example.com/%0Aalert(1)')]],
    ['data:text/html,<script>alert(1)</script>', [t('data:text/html,<script>alert(1)</script>')]],
    ['mailto:a@b.c', [t('mailto:a@b.c')]],
    ['<b>bold</b> <img src=x onerror=alert(1)>', [t('<b>bold</b> <img src=x onerror=alert(1)>')]],
    ['https://"onmouseover=alert(1)', [t('https://"onmouseover=alert(1)')]],
    ['line one\nhttps://x.org\nline three', [t('line one\n'), l('https://x.org', 'https://x.org/'), t('\nline three')]],
    ['HTTPS://EXAMPLE.COM', [l('HTTPS://EXAMPLE.COM', 'https://example.com/')]],
  ])('%p', (text, segments) => expect(linkify(text)).toEqual(segments));

  test.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/a', 'http://example.com/a'],
    ['www.example.com', 'https://www.example.com/'],
    ['javascript:alert(1)', null],
    ['ftp://example.com', null],
    ['https://', null],
    ['not a url', null],
  ])('safeHref(%p) is %p', (candidate, href) => expect(safeHref(candidate)).toBe(href));
});
