import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { sizedImage } from '../domain/media';
import { useFocusTrap } from './focus';
import { CloseGlyph } from './MessageBanner';
import {
  MEDIA_VIEWER, embedUrl, isDoubleTap, isEmbeddedVideo, pinchScale, stepIndex, stopEmbeddedVideos, swipeAction, type MediaViewerProps,
} from './media-viewer-rules';
import './ui.css';
import './MediaViewer.css';
import { useT } from '../i18n/use-t';

/** React 18 passes an unknown attribute through as a string: an empty one makes the slide inert. */
const INERT = { inert: '' } as Record<string, string>;

interface Drag { id: number; x: number; y: number; dx: number; dy: number; moved: boolean; panX: number; panY: number }

function Arrow({ back }: { back?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d={back ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The fullscreen viewer: counter 'N / total', close, previous/next; a sideways swipe over 100 px changes the
 * slide, a vertical one closes; Esc, Left and Right keys; a double tap toggles 2x zoom and a pinch zooms
 * (images only). Moving away from an embedded video stops it ('player:stop', 'pauseVideo').
 * Transforms are CSS custom properties set through the CSSOM (no style attributes in the markup).
 */
export default function MediaViewerDialog({ items, index, onClose, onIndexChange, label }: MediaViewerProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  // Esc and the arrows are listened to on the document (below): focus may be left on the page after a drag.
  const { ref: root, onKeyDown } = useFocusTrap(true, { initialFocus: closeButton, htmlClass: 'ui-mv-open' });
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(index);
  const [scale, setScale] = useState(1);
  const [dragging, setDragging] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef<Drag | null>(null);
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const lastTap = useRef<number | null>(null);
  const pan = useRef({ x: 0, y: 0 });
  const item = items[current];
  const isVideo = Boolean(item?.video_url);

  const setVar = (name: string, value: string) => track.current?.style.setProperty(name, value);

  useEffect(() => setCurrent(index), [index]);
  useEffect(() => {
    setVar('--mv-index', String(current));
    setVar('--mv-drag', '0px');
    setVar('--mv-drag-y', '0px');
  }, [current]);
  useEffect(() => {
    setVar('--mv-scale', String(scale));
    if (scale === 1) {
      pan.current = { x: 0, y: 0 };
      setVar('--mv-pan-x', '0px');
      setVar('--mv-pan-y', '0px');
    }
  }, [scale]);

  useEffect(() => {
    const node = root.current;
    return () => {
      if (node) stopEmbeddedVideos(node);
    };
  }, [root]);

  const go = (action: 'next' | 'prev') => {
    const next = stepIndex(current, items.length, action);
    if (next === current) return;
    if (root.current) stopEmbeddedVideos(root.current);
    setScale(1);
    setCurrent(next);
    onIndexChange?.(next);
  };

  /** Esc, Left and Right work wherever focus is while the viewer is open (a drag can leave it on the page). */
  const onKey = (event: Pick<globalThis.KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault' | 'stopPropagation'>) => {
    const video = root.current?.querySelector<HTMLVideoElement>('.ui-mv__slide--current video');
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.shiftKey && video && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      video.currentTime = Math.max(0, video.currentTime + (event.key === 'ArrowRight' ? MEDIA_VIEWER.seekStep : -MEDIA_VIEWER.seekStep));
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go('prev');
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go('next');
    }
  };
  const keys = useRef(onKey);
  keys.current = onKey;
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => keys.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button, a, iframe, video')) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    e.currentTarget.setPointerCapture?.(e.pointerId);
    if (pointers.current.size === 2 && !isVideo) {
      pinch.current = { distance: distance(), scale };
      drag.current = null;
      return;
    }
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, dx: 0, dy: 0, moved: false, panX: pan.current.x, panY: pan.current.y };
    setDragging(true);
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch.current) {
      setScale(pinchScale(pinch.current.scale, pinch.current.distance, distance()));
      return;
    }
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    d.dx = e.clientX - d.x;
    d.dy = e.clientY - d.y;
    if (Math.abs(d.dx) > 6 || Math.abs(d.dy) > 6) d.moved = true;
    if (scale > 1) {
      pan.current = { x: d.panX + d.dx, y: d.panY + d.dy };
      setVar('--mv-pan-x', `${pan.current.x}px`);
      setVar('--mv-pan-y', `${pan.current.y}px`);
    } else if (Math.abs(d.dx) >= Math.abs(d.dy)) {
      setVar('--mv-drag', `${d.dx}px`);
      setVar('--mv-drag-y', '0px');
    } else {
      setVar('--mv-drag', '0px');
      setVar('--mv-drag-y', `${d.dy}px`);
    }
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    if (pinch.current) {
      if (pointers.current.size < 2) pinch.current = null;
      return;
    }
    const d = drag.current;
    drag.current = null;
    setDragging(false);
    if (!d || d.id !== e.pointerId) return;
    setVar('--mv-drag', '0px');
    setVar('--mv-drag-y', '0px');
    if (!d.moved) {
      const now = Date.now();
      if (isDoubleTap(lastTap.current, now) && !isVideo) {
        lastTap.current = null;
        setScale((s) => (s > 1 ? 1 : MEDIA_VIEWER.doubleTapZoom));
      } else lastTap.current = now;
      return;
    }
    if (scale > 1) return;
    const action = swipeAction(d.dx, d.dy);
    if (action === 'close') onClose();
    else if (action) go(action);
  };

  const t = useT();
  return createPortal(
    <div
      ref={root}
      className="ui-mv"
      tabIndex={-1}
      role="dialog"
      aria-modal="true"
      aria-label={label ?? t('media.dialog')}
      onKeyDown={onKeyDown}
      data-testid="media-viewer"
    >
      <div className="ui-mv__bar">
        <p className="ui-mv__counter" aria-live="polite" data-testid="media-viewer-counter">
          {t('media.counter', { index: current + 1, total: items.length })}
        </p>
        <button ref={closeButton} type="button" className="ui-mv__btn ui-mv__close" aria-label={t('media.close')} onClick={onClose}>
          <CloseGlyph />
        </button>
      </div>
      <div
        className={`ui-mv__stage${dragging ? ' ui-mv__stage--dragging' : ''}${scale > 1 ? ' ui-mv__stage--zoomed' : ''}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <div ref={track} className="ui-mv__track" data-zoom={scale > 1 ? 'on' : 'off'}>
          {items.map((m, i) => {
            const near = Math.abs(i - current) <= 1;
            const isCurrent = i === current;
            const video = m.video_url ? (isEmbeddedVideo(m.video_url) ? embedUrl(m.video_url) : m.video_url) : null;
            return (
              <div
                key={`${m.image}-${i}`}
                className={`ui-mv__slide${isCurrent ? ' ui-mv__slide--current' : ''}`}
                aria-hidden={!isCurrent}
                {...(isCurrent ? null : INERT)}
                data-kind={m.video_url ? 'video' : 'image'}
              >
                {near && m.video_url && video && isEmbeddedVideo(m.video_url) && isCurrent && (
                  <iframe className="ui-mv__frame" src={video} title={m.alt || t('media.video')} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />
                )}
                {near && m.video_url && video && !isEmbeddedVideo(m.video_url) && (
                  <video className="ui-mv__video" src={video} poster={sizedImage(m.image, MEDIA_VIEWER.posterSize)} controls preload="none" aria-label={m.alt || t('media.video')} />
                )}
                {near && m.video_url && !video && <p className="ui-mv__error">{t('media.videoUnavailable')}</p>}
                {near && !m.video_url && (
                  <img className="ui-mv__img" src={sizedImage(m.image, MEDIA_VIEWER.imageSize)} alt={m.alt ?? ''} draggable={false} decoding="async" />
                )}
              </div>
            );
          })}
        </div>
      </div>
      <button type="button" className="ui-mv__btn ui-mv__nav ui-mv__nav--prev" aria-label={t('media.prev')} onClick={() => go('prev')} disabled={current === 0}>
        <Arrow back />
      </button>
      <button type="button" className="ui-mv__btn ui-mv__nav ui-mv__nav--next" aria-label={t('media.next')} onClick={() => go('next')} disabled={current >= items.length - 1}>
        <Arrow />
      </button>
    </div>,
    document.body,
  );
}
