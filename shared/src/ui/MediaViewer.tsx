import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { MediaItem } from '../domain/media';
import type { MediaViewerProps } from './media-viewer-rules';

/**
 * Fullscreen media viewer (public-site §2.10, §4.13, §9). This file holds a lazy wrapper: the viewer itself
 * (MediaViewerDialog) is a separate chunk, downloaded the first time a viewer opens. Its rules are in
 * media-viewer-rules.ts (re-exported here).
 */
export * from './media-viewer-rules';

const loadDialog = () => import(/* webpackChunkName: "media-viewer" */ './MediaViewerDialog');
const Dialog = lazy(loadDialog);

/** Starts downloading the viewer (on hover or focus of a gallery), so the first open is instant. */
export function preloadMediaViewer(): void {
  void loadDialog();
}

/** The viewer, loaded on demand; renders nothing until it has items. */
export function MediaViewer(props: MediaViewerProps) {
  if (!props.items.length) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

/**
 * Viewer state of §4.13: open or closed; closing resets the items and the index.
 * `open(items, index)` shows it; render `element` anywhere.
 */
export function useMediaViewer(label?: string): { open: (items: MediaItem[], index?: number) => void; close: () => void; isOpen: boolean; index: number; element: ReactNode } {
  const [state, setState] = useState<{ items: MediaItem[]; index: number }>({ items: [], index: 0 });
  const open = useCallback((items: MediaItem[], index = 0) => setState({ items, index: Math.max(0, Math.min(items.length - 1, index)) }), []);
  const close = useCallback(() => setState({ items: [], index: 0 }), []);
  const element = state.items.length ? (
    <MediaViewer items={state.items} index={state.index} onClose={close} onIndexChange={(index) => setState((s) => ({ ...s, index }))} label={label} />
  ) : null;
  return { open, close, isOpen: state.items.length > 0, index: state.index, element };
}
