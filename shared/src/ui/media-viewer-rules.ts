import type { MediaItem } from '../domain/media';

/**
 * The rules of the fullscreen media viewer (public-site §2.10, §4.13, §9): swipe, tap, zoom, the video hosts
 * and how an embedded player is stopped. Both the lazy wrapper (MediaViewer) and the viewer itself
 * (MediaViewerDialog, its own chunk) use them, so they live apart from both: the dialog never imports the
 * wrapper that loads it.
 */
export const MEDIA_VIEWER = {
  /** Sideways swipe over this changes the slide; a vertical one closes the viewer. */
  swipePx: 100,
  slideMs: 300,
  doubleTapMs: 300,
  doubleTapZoom: 2,
  maxZoom: 4,
  imageSize: '1200x00',
  posterSize: '374x500',
  /** Seconds a native video moves per seek key (Shift+Left/Right). */
  seekStep: 0.5,
} as const;

export type SwipeAction = 'next' | 'prev' | 'close' | null;

/** What a finished drag of (dx, dy) px does: more than 100 px sideways changes the slide, vertically closes. */
export function swipeAction(dx: number, dy: number, threshold: number = MEDIA_VIEWER.swipePx): SwipeAction {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax > threshold && ax >= ay) return dx < 0 ? 'next' : 'prev';
  if (ay > threshold && ay > ax) return 'close';
  return null;
}

/** A second tap within 300 ms of the first is a double tap. */
export function isDoubleTap(previousTapAt: number | null, now: number, windowMs: number = MEDIA_VIEWER.doubleTapMs): boolean {
  return previousTapAt !== null && now - previousTapAt <= windowMs;
}

/** Zoom after a pinch from `startDistance` to `distance` px, starting at `startScale`; 1..4. */
export function pinchScale(startScale: number, startDistance: number, distance: number, max: number = MEDIA_VIEWER.maxZoom): number {
  if (!(startDistance > 0)) return startScale;
  return Math.min(max, Math.max(1, (startScale * distance) / startDistance));
}

/** The next index after an action, staying inside 0..count-1. */
export function stepIndex(index: number, count: number, action: 'next' | 'prev'): number {
  return Math.max(0, Math.min(count - 1, index + (action === 'next' ? 1 : -1)));
}

/** Embedded players (§3.3: three video host kinds) play in an iframe; anything else is a native <video>. */
export const VIDEO_HOSTS = [/(^|\.)youtube(-nocookie)?\.com$|(^|\.)youtu\.be$/, /(^|\.)vimeo\.com$/, /(^|\.)rutube\.ru$/] as const;

export function isEmbeddedVideo(url: string): boolean {
  try {
    const host = new URL(url, 'https://x.invalid').hostname;
    return VIDEO_HOSTS.some((re) => re.test(host));
  } catch {
    return false;
  }
}

/** The embed URL with enablejsapi=1 (§7.5), so the page can pause it; only http(s) URLs are kept. */
export function embedUrl(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    u.searchParams.set('enablejsapi', '1');
    return u.toString();
  } catch {
    return null;
  }
}

/** The messages that stop an embedded player (§7.5): 'player:stop' and the 'pauseVideo' command. */
export const STOP_VIDEO_MESSAGES = [
  JSON.stringify({ type: 'player:stop', data: {} }),
  JSON.stringify({ event: 'command', func: 'pauseVideo', args: '' }),
] as const;

/** Posts the stop messages to every embedded player inside `root`. */
export function stopEmbeddedVideos(root: ParentNode): void {
  root.querySelectorAll('iframe').forEach((frame) => {
    for (const message of STOP_VIDEO_MESSAGES) frame.contentWindow?.postMessage(message, '*');
  });
}

export interface MediaViewerProps {
  items: MediaItem[];
  index: number;
  onClose: () => void;
  onIndexChange?: (index: number) => void;
  /** Names the dialog (e.g. the tour title). */
  label?: string;
}
