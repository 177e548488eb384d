import { render, screen } from '@testing-library/react';
import { SafeHtml, loadSanitizer, sanitizeHtml } from './SafeHtml';

describe('SafeHtml', () => {
  beforeAll(() => loadSanitizer());

  test.each([
    ['<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x">'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['<svg onload="alert(1)"><circle/></svg>', ''],
    ['<p style="position:fixed">t</p>', '<p>t</p>'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  test('renders clean markup', async () => {
    const { container } = render(<SafeHtml html={'<b>Bold</b><script>window.x=1</script>'} />);
    await screen.findByText('Bold');
    expect(container.innerHTML).toBe('<div><b>Bold</b></div>');
  });
});

describe("SafeHtml with the browser's sanitiser (HTML Sanitizer API)", () => {
  type Config = { removeElements: (string | { name: string; namespace: string })[]; removeAttributes: string[] };
  const calls: { html: string; config: Config }[] = [];
  const proto = Element.prototype as { setHTML?: unknown };
  const scope = globalThis as { Sanitizer?: unknown };
  afterEach(() => {
    delete proto.setHTML;
    delete scope.Sanitizer;
    calls.length = 0;
  });
  /** The current API (its Sanitizer has removeElement) or Chromium 105–118's draft (sanitize()). */
  const install = (current: boolean) => {
    scope.Sanitizer = current ? class { removeElement() {} } : class { sanitize() {} };
    proto.setHTML = function setHTML(this: Element, html: string, options: { sanitizer: Config }) {
      calls.push({ html, config: options.sanitizer });
      this.innerHTML = '<b>from the browser</b>';
    };
  };

  test('the browser inserts the HTML itself, told to remove what DOMPurify forbids; the first render has it', () => {
    install(true);
    const { container } = render(<SafeHtml html={'<p onclick="x()">Hi</p>'} className="rich" />);
    expect(container.innerHTML).toBe('<div class="rich"><b>from the browser</b></div>');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.html).toBe('<p onclick="x()">Hi</p>');
    expect(calls[0]!.config.removeAttributes).toEqual(['style', 'srcdoc']);
    expect(calls[0]!.config.removeElements).toEqual(expect.arrayContaining(['iframe', 'form', 'noscript', { name: 'svg', namespace: 'http://www.w3.org/2000/svg' }, { name: 'math', namespace: 'http://www.w3.org/1998/Math/MathML' }]));
  });

  test('new HTML is inserted again', () => {
    install(true);
    const { rerender } = render(<SafeHtml html="<p>one</p>" />);
    rerender(<SafeHtml html="<p>two</p>" />);
    expect(calls.map((c) => c.html)).toEqual(['<p>one</p>', '<p>two</p>']);
  });

  test("an earlier draft's setHTML is not used: DOMPurify sanitises", async () => {
    install(false);
    await loadSanitizer();
    const { container } = render(<SafeHtml html={'<b>Bold</b><script>window.x=1</script>'} />);
    await screen.findByText('Bold');
    expect(calls).toHaveLength(0);
    expect(container.innerHTML).toBe('<div><b>Bold</b></div>');
  });
});

