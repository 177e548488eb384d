import { helpRequestComment } from './help-request';

describe('helpRequestComment (§7.4)', () => {
  test.each([
    ['words and the page', '  Baikal in March ', 'https://t.example/en/x', 'Baikal in March\nrequest from https://t.example/en/x'],
    ['no words', '', 'https://t.example/en', 'request from https://t.example/en'],
    ['undefined', undefined, 'https://t.example/en', 'request from https://t.example/en'],
    ['only spaces', '   ', 'https://t.example/de', 'request from https://t.example/de'],
    ['several lines stay', 'a\nb', 'u', 'a\nb\nrequest from u'],
  ])('%s', (_name, comment, url, expected) => {
    expect(helpRequestComment(comment, url)).toBe(expected);
  });
});
