import { useRef } from 'react';
import { renderScreen } from '../testing';
import { useBottomBar } from './bottom-bar';

function Bar({ height }: { height: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useBottomBar(ref);
  return <div ref={ref} data-height={height} />;
}

const bars = (events: Array<{ event: string; payload: unknown }>) => events.filter((e) => e.event === 'layout:bottom-bar').map((e) => e.payload as { id: string; height: number });

describe('useBottomBar', () => {
  let spy: jest.SpyInstance;
  beforeEach(() => {
    // jsdom has no layout: the bar's height comes from its data attribute.
    spy = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { height: Number(this.dataset.height ?? 0) } as DOMRect;
    });
  });
  afterEach(() => spy.mockRestore());

  it('declares the bar with its height on mount and releases it (height 0) on unmount', () => {
    const t = renderScreen(<Bar height={63.5} />);
    expect(bars(t.events)).toEqual([{ id: expect.any(String), height: 64 }]);
    const id = bars(t.events)[0]!.id;
    t.unmount();
    expect(bars(t.events)).toEqual([{ id, height: 64 }, { id, height: 0 }]);
  });

  it('gives two bars their own ids', () => {
    const t = renderScreen(
      <>
        <Bar height={60} />
        <Bar height={80} />
      </>,
    );
    const [a, b] = bars(t.events);
    expect(a!.id).not.toBe(b!.id);
  });
});
