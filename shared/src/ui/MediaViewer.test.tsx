import '@testing-library/jest-dom';
import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { renderScreen } from '../testing';
import {
  MEDIA_VIEWER, STOP_VIDEO_MESSAGES, embedUrl, isDoubleTap, isEmbeddedVideo, pinchScale, stepIndex, swipeAction, useMediaViewer,
} from './MediaViewer';
import type { MediaItem } from '../domain/media';

describe('media viewer rules (§2.10, §9)', () => {
  test.each([
    [-101, 0, 'next'],
    [101, 10, 'prev'],
    [-100, 0, null],
    [0, 101, 'close'],
    [0, -150, 'close'],
    [60, 90, null],
    [-120, 130, 'close'],
    [-130, 120, 'next'],
  ])('a drag of (%s, %s) → %s', (dx, dy, expected) => {
    expect(swipeAction(dx, dy)).toBe(expected);
  });

  test.each([
    [null, 1000, false],
    [1000, 1300, true],
    [1000, 1301, false],
    [1000, 1100, true],
  ])('tap at %s then %s is a double tap → %s', (previous, now, expected) => {
    expect(isDoubleTap(previous, now)).toBe(expected);
  });

  test.each([
    [1, 100, 200, 2],
    [2, 100, 50, 1],
    [1, 100, 1000, 4],
    [1.5, 0, 100, 1.5],
  ])('pinch from scale %s, %s px to %s px → %s', (scale, from, to, expected) => {
    expect(pinchScale(scale, from, to)).toBe(expected);
  });

  test.each([
    [0, 3, 'next', 1],
    [2, 3, 'next', 2],
    [0, 3, 'prev', 0],
    [2, 3, 'prev', 1],
  ] as const)('index %s of %s, %s → %s', (index, count, action, expected) => {
    expect(stepIndex(index, count, action)).toBe(expected);
  });

  test('embedded players get enablejsapi=1; only http(s) URLs play', () => {
    expect(embedUrl('https://www.youtube.com/embed/abc')).toBe('https://www.youtube.com/embed/abc?enablejsapi=1');
    expect(embedUrl('https://rutube.ru/play/embed/1?t=3')).toBe('https://rutube.ru/play/embed/1?t=3&enablejsapi=1');
    expect(embedUrl('javascript:alert(1)')).toBeNull();
    expect(isEmbeddedVideo('https://youtu.be/x')).toBe(true);
    expect(isEmbeddedVideo('https://player.vimeo.com/video/1')).toBe(true);
    expect(isEmbeddedVideo('https://cdn.example/video.mp4')).toBe(false);
    expect(STOP_VIDEO_MESSAGES.map((m) => JSON.parse(m))).toEqual([{ type: 'player:stop', data: {} }, { event: 'command', func: 'pauseVideo', args: '' }]);
  });

  test('sizes of §9', () => {
    expect(MEDIA_VIEWER).toMatchObject({ swipePx: 100, slideMs: 300, doubleTapMs: 300, doubleTapZoom: 2, imageSize: '1200x00', posterSize: '374x500', seekStep: 0.5 });
  });
});

// jsdom has no PointerEvent: a MouseEvent with a pointerId is enough for the viewer's handlers.
beforeAll(() => {
  if (typeof window.PointerEvent === 'undefined') {
    class PointerEventPolyfill extends MouseEvent {
      pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventPolyfill;
  }
});

const images: MediaItem[] = [1, 2, 3].map((n) => ({ image: `/media/tours/1-${n}/{{size}}/image.svg`, alt: `Photo ${n}` }));

function Harness({ items, start = 0, onState }: { items: MediaItem[]; start?: number; onState?: (open: boolean, index: number) => void }) {
  const viewer = useMediaViewer('Gallery');
  useEffect(() => {
    onState?.(viewer.isOpen, viewer.index);
  });
  return (
    <>
      <button type="button" onClick={() => viewer.open(items, start)}>open</button>
      {viewer.element}
    </>
  );
}

async function openViewer(items = images, start = 0) {
  const states: Array<[boolean, number]> = [];
  renderScreen(<Harness items={items} start={start} onState={(o, i) => states.push([o, i])} />);
  const opener = screen.getByRole('button', { name: 'open' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Gallery' });
  return { dialog, states };
}

describe('MediaViewer', () => {
  test('counter, previous/next buttons and keys; Esc closes and resets (§4.13)', async () => {
    const { dialog, states } = await openViewer();
    expect(screen.getByTestId('media-viewer-counter')).toHaveTextContent('1 / 3');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('media-viewer-counter')).toHaveTextContent('2 / 3');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByTestId('media-viewer-counter')).toHaveTextContent('3 / 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByTestId('media-viewer-counter')).toHaveTextContent('2 / 3');
    const current = dialog.querySelector('.ui-mv__slide--current img') as HTMLImageElement;
    expect(current.getAttribute('src')).toBe('/media/tours/1-2/1200x00/image.svg');
    expect(current.alt).toBe('Photo 2');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(states.at(-1)).toEqual([false, 0]);
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
  });

  test('swipes: sideways over 100 px changes the slide, vertically closes; a short drag does nothing', async () => {
    const { dialog } = await openViewer();
    const stage = dialog.querySelector('.ui-mv__stage') as HTMLElement;
    const drag = (dx: number, dy: number) => {
      fireEvent.pointerDown(stage, { pointerId: 1, clientX: 300, clientY: 300 });
      fireEvent.pointerMove(stage, { pointerId: 1, clientX: 300 + dx, clientY: 300 + dy });
      fireEvent.pointerUp(stage, { pointerId: 1, clientX: 300 + dx, clientY: 300 + dy });
    };
    drag(-80, 0);
    expect(screen.getByTestId('media-viewer-counter')).toHaveTextContent('1 / 3');
    drag(-140, 10);
    expect(screen.getByTestId('media-viewer-counter')).toHaveTextContent('2 / 3');
    drag(140, 0);
    expect(screen.getByTestId('media-viewer-counter')).toHaveTextContent('1 / 3');
    drag(5, 160);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a double tap within 300 ms toggles 2x zoom on an image', async () => {
    const { dialog } = await openViewer();
    const stage = dialog.querySelector('.ui-mv__stage') as HTMLElement;
    const track = dialog.querySelector('.ui-mv__track') as HTMLElement;
    const now = jest.spyOn(Date, 'now');
    const tap = (at: number) => {
      now.mockReturnValue(at);
      fireEvent.pointerDown(stage, { pointerId: 1, clientX: 10, clientY: 10 });
      fireEvent.pointerUp(stage, { pointerId: 1, clientX: 10, clientY: 10 });
    };
    tap(1000);
    tap(1200);
    expect(track.dataset.zoom).toBe('on');
    expect(track.style.getPropertyValue('--mv-scale')).toBe('2');
    tap(5000);
    tap(5400);
    expect(track.dataset.zoom).toBe('on');
    tap(6000);
    tap(6250);
    expect(track.dataset.zoom).toBe('off');
    now.mockRestore();
  });

  test('an embedded video gets enablejsapi=1 and is told to stop when the viewer moves on', async () => {
    const items: MediaItem[] = [{ image: '/media/tours/1-1/{{size}}/image.svg', video_url: 'https://www.youtube.com/embed/xyz' }, images[1]!];
    const { dialog } = await openViewer(items);
    const frame = dialog.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.src).toBe('https://www.youtube.com/embed/xyz?enablejsapi=1');
    const posted: unknown[] = [];
    Object.defineProperty(frame, 'contentWindow', { value: { postMessage: (m: unknown) => posted.push(m) } });
    act(() => {
      fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    });
    expect(posted).toEqual([...STOP_VIDEO_MESSAGES]);
  });
});
