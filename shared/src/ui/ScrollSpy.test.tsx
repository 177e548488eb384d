import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderScreen } from '../testing';
import { ScrollSpy, activeAnchor } from './ScrollSpy';
import { scrollDuration } from './scroll-timing';

describe('scroll-spy rules (§9 timing)', () => {
  test.each([
    [0, 300, 300, 0],
    [300, 300, 300, 100],
    [900, 300, 300, 300],
    [-5000, 300, 300, 300],
    [1000, 400, 500, 250],
    [4000, 400, 500, 500],
  ])('%s px at speed %s, at most %s ms → %s ms', (distance, speed, max, expected) => {
    expect(scrollDuration(distance, speed, max)).toBe(expected);
  });

  test.each([
    [[{ anchor: 'a', top: 100 }, { anchor: 'b', top: 900 }], 'a'],
    [[{ anchor: 'a', top: -400 }, { anchor: 'b', top: 60 }, { anchor: 'c', top: 700 }], 'b'],
    [[{ anchor: 'a', top: -2000 }, { anchor: 'b', top: -900 }, { anchor: 'c', top: -10 }], 'c'],
    [[], null],
  ])('sections %j → %s', (sections, expected) => {
    expect(activeAnchor(sections, 64)).toBe(expected);
  });

  test.each([
    // Scrolled to the end: the last section in view is current even though it never reached the bar.
    [[{ anchor: 'a', top: -900 }, { anchor: 'b', top: 20 }, { anchor: 'c', top: 400 }], 800, 'c'],
    // A section below the viewport is not, even at the end (a tall footer follows).
    [[{ anchor: 'a', top: -900 }, { anchor: 'b', top: 20 }, { anchor: 'c', top: 900 }], 800, 'b'],
  ])('at the bottom of the page, sections %j in a %s px viewport → %s', (sections, viewportHeight, expected) => {
    expect(activeAnchor(sections, 64, { viewportHeight })).toBe(expected);
  });
});

describe('ScrollSpy', () => {
  test('real anchor links in order; the section under the bar is marked current as the page scrolls', () => {
    const tops: Record<string, number> = { overview: 0, route: 800, reviews: 1600 };
    document.body.innerHTML = '';
    for (const id of Object.keys(tops)) {
      const el = document.createElement('section');
      el.id = id;
      el.getBoundingClientRect = () => ({ top: tops[id]! - window.scrollY } as DOMRect);
      document.body.appendChild(el);
    }
    renderScreen(<ScrollSpy label="Sections" items={[{ name: 'Overview', anchor: 'overview' }, { name: 'Route', anchor: 'route' }, { name: 'Reviews', anchor: 'reviews' }]} />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['#overview', '#route', '#reviews']);
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'location');
    jest.useFakeTimers();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 820, configurable: true });
      fireEvent.scroll(window);
      jest.advanceTimersByTime(300);
    });
    expect(screen.getByRole('link', { name: 'Route' })).toHaveAttribute('aria-current', 'location');
    expect(screen.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current');
    jest.useRealTimers();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  test('a click scrolls to the section and moves focus there (the scroll code loads on first use)', async () => {
    document.body.innerHTML = '<section id="faq"></section>';
    const target = document.getElementById('faq')!;
    target.getBoundingClientRect = () => ({ top: 500 } as DOMRect);
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    window.matchMedia = ((q: string) => ({ matches: q.includes('reduce'), media: q })) as unknown as typeof window.matchMedia;
    renderScreen(<ScrollSpy label="Sections" offset={64} items={[{ name: 'FAQ', anchor: 'faq' }]} />);
    fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 436));
    expect(target).toHaveFocus();
  });
});
