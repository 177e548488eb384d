import '@testing-library/jest-dom';
import { fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../testing';
import { TruncatedText, needsTruncation } from './TruncatedText';

describe('truncated text (§2.10, §9)', () => {
  test.each([
    [120, 120, false],
    [144, 120, false],
    [145, 120, true],
    [97, 72, true],
    [96, 72, false],
    [400, 300, true],
  ])('content of %s px at height %s → truncated %s', (content, height, expected) => {
    expect(needsTruncation(content, height)).toBe(expected);
  });

  function withHeight(px: number) {
    return jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(px);
  }

  test('a long text is collapsed with "Show more" and toggles to "Hide"', () => {
    const spy = withHeight(500);
    const { container } = renderScreen(<TruncatedText height={72}><p>Long text</p></TruncatedText>);
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(container.querySelector('.ui-trunc')).toHaveAttribute('data-state', 'collapsed');
    expect(container.querySelector('.ui-trunc__body')).toHaveClass('ui-trunc__body--h72', 'ui-trunc__body--collapsed');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    expect(container.querySelector('.ui-trunc__body')).not.toHaveClass('ui-trunc__body--collapsed');
    spy.mockRestore();
  });

  test('a short text has no button', () => {
    const spy = withHeight(100);
    renderScreen(<TruncatedText><p>Short</p></TruncatedText>);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Short')).toBeVisible();
    spy.mockRestore();
  });
});
