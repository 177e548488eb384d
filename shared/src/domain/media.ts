/**
 * Media item rules (public-site §3.6): the '{{size}}' placeholder is replaced by a size, or dropped
 * together with its slash; the file extension may be swapped. Items given as plain strings, or as
 * objects with url and alt, map to { image, alt }.
 */
export interface MediaItem { image: string; alt?: string; video_url?: string }

export function sizedImage(url: string, size?: string | null, extension?: string): string {
  let out = size ? url.replace('{{size}}', size) : url.replace(/\/?\{\{size\}\}/, '');
  if (extension) out = out.replace(/\.[a-z0-9]+(\?|#|$)/i, `.${extension}$1`);
  return out;
}

export function toMediaItem(item: string | { url?: string; image?: string; alt?: string | null; video_url?: string | null }): MediaItem {
  if (typeof item === 'string') return { image: item };
  const out: MediaItem = { image: item.image ?? item.url ?? '' };
  if (item.alt) out.alt = item.alt;
  if (item.video_url) out.video_url = item.video_url;
  return out;
}

/** The photo size of a tour card (§9 'Image sizes'); the error page's similar tours use it too. */
export const CARD_IMAGE_SIZE = '400x400';
