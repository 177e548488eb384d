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
