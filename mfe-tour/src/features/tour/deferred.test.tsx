import { act, render } from '@testing-library/react';
import { DeferredHtml, preloadSanitizer } from './deferred';

let resolveSanitizer: () => void = () => undefined;
jest.mock('@tours/shared/kit', () => ({
  ...jest.requireActual('@tours/shared/kit'),
  loadSanitizer: () => new Promise<void>((resolve) => {
    resolveSanitizer = resolve;
  }),
}));

describe('DeferredHtml', () => {
  test('keeps its placeholder until the sanitiser has arrived, then shows the HTML in its place (no empty block between: no layout shift)', async () => {
    const { container } = render(<DeferredHtml><p>Description</p></DeferredHtml>);
    // Near the viewport (jsdom has no IntersectionObserver), the sanitiser is asked for; the placeholder stays meanwhile.
    expect(container.querySelector('.tour-html-pending')).not.toBeNull();
    expect(container.textContent).toBe('');
    await act(async () => resolveSanitizer());
    expect(container.querySelector('.tour-html-pending')).toBeNull();
    expect(container.textContent).toBe('Description');
  });

  test('once the sanitiser is here (the tour page preloads it beside the tour), the HTML renders with the page: no placeholder at all', async () => {
    const preloaded = preloadSanitizer();
    await act(async () => resolveSanitizer());
    await preloaded;
    const { container } = render(<DeferredHtml><p>Description</p></DeferredHtml>);
    expect(container.querySelector('.tour-html-pending')).toBeNull();
    expect(container.textContent).toBe('Description');
  });
});
