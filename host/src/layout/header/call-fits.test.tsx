import { render } from '@testing-library/react';
import { useRef } from 'react';
import { callMode, useCallMode } from './call-fits';

describe("'Call via internet' in the header's contacts bar: words, icon or out, as measured (issue 29)", () => {
  test.each<[string, Parameters<typeof callMode>[0], ReturnType<typeof callMode>]>([
    // 1280 px signed in: the bar left of the tools ~690 px; country, two phones and 'Request a call' ~560; the button 40 + 110 of words.
    ['1280 px: no room for the words, the icon fits', { bar: 690, rest: 560, others: 0, icon: 40, words: 110 }, 'icon'],
    ['room for the words', { bar: 760, rest: 560, others: 0, icon: 40, words: 110 }, 'text'],
    ['exactly the bar: the words', { bar: 718, rest: 560, others: 0, icon: 40, words: 110 }, 'text'],
    ['not even the icon: out of the bar', { bar: 600, rest: 560, others: 0, icon: 40, words: 110 }, 'hidden'],
    ['the social links take their room too', { bar: 860, rest: 560, others: 264, icon: 40, words: 110 }, 'hidden'],
  ])('%s', (_name, widths, expected) => expect(callMode(widths)).toBe(expected));

  /** A bar as the browser lays it out (jsdom has no layout): the widths given, as the elements report them in each mode. */
  function Bar({ bar, rest }: { bar: number; rest: number }) {
    const ref = useRef<HTMLDivElement | null>(null);
    const mode = useCallMode(ref);
    const define = (el: HTMLElement | null, name: string, value: () => number): void => {
      if (el) Object.defineProperty(el, name, { configurable: true, get: value });
    };
    const shown = () => ref.current?.dataset.call;
    return (
      <div ref={(el) => {
        ref.current = el;
        define(el, 'clientWidth', () => bar);
      }} data-testid="bar" data-call={mode}>
        <div className="lay-header__phones" ref={(el) => {
          define(el, 'offsetWidth', () => rest + (shown() === 'hidden' ? 0 : 8 + (shown() === 'text' ? 150 : 40)));
        }}>
          <div className="lay-phones__actions">
            <button type="button">Request a call</button>
            <button type="button" className="lay-phones__call" ref={(el) => {
              define(el, 'offsetWidth', () => (shown() === 'text' ? 150 : 40));
            }}>
              <span className="lay-phones__call-text" ref={(el) => {
                define(el, 'offsetWidth', () => (shown() === 'text' ? 104 : 1));
                define(el, 'scrollWidth', () => 104);
              }}>Call via internet</span>
            </button>
          </div>
        </div>
      </div>
    );
  }

  test.each([
    [690, 'icon'],
    [760, 'text'],
    [560, 'hidden'],
  ])('a %i px bar: %s', (bar, expected) => {
    const { getByTestId } = render(<Bar bar={bar} rest={560} />);
    expect(getByTestId('bar')).toHaveAttribute('data-call', expected);
  });
});
