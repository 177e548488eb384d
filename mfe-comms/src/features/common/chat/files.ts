/**
 * Opening a chat attachment. A traveller's upload is private: /media/uploads serves it only with its owner's
 * X-Authorization, and the staff side's file URL (agent/file) only with a staff token, so a plain link (or an <img>)
 * would answer 404. The file is fetched with the reader's token and handed to the browser as a download of its own
 * name, or, for a picture, shown from an object URL (issue 29: pictures arrived as links).
 */
import { IMAGE_MIME_TYPES, authorizationHeader } from '@tours/shared/api';

interface FetchOptions {
  fetch?: typeof fetch;
}

/** The file's bytes, fetched with the reader's token; an error for any answer but 2xx. */
async function fetchFile(url: string, token: string, o: FetchOptions = {}): Promise<Blob> {
  const doFetch = o.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const response = await doFetch(url, { headers: authorizationHeader(token) });
  if (!response.ok) throw new Error(`[${response.status}] ${url}`);
  return response.blob();
}

export async function downloadFile(url: string, name: string, token: string, o: FetchOptions & { document?: Document } = {}): Promise<void> {
  const doc = o.document ?? document;
  const href = URL.createObjectURL(await fetchFile(url, token, o));
  const a = doc.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  doc.body.appendChild(a);
  a.click();
  a.remove();
  // Long enough for the download to start; the blob is released afterwards.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * Whether an attachment is shown as a picture: the raster types the upload accepts (checked by their first bytes and
 * their pixel size there), never SVG or anything else a browser might treat as a document.
 */
export function isPicture(type: string): boolean {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(type.toLowerCase());
}

/**
 * The pictures of one conversation, each fetched once as an object URL and all released together when the
 * conversation goes (the full-size viewer shows the same URL, so none is released while it may be on screen). A
 * file that does not come back as a picture is refused: it stays a link.
 */
export interface PictureCache {
  get(url: string): Promise<string>;
  release(): void;
}

export function createPictureCache(token: string, o: FetchOptions = {}): PictureCache {
  let urls = new Map<string, Promise<string>>();
  return {
    get(url) {
      let got = urls.get(url);
      if (!got) {
        got = fetchFile(url, token, o).then((blob) => {
          if (!isPicture(blob.type)) throw new Error(`not a picture: ${blob.type || 'no type'}`);
          return URL.createObjectURL(blob);
        });
        // A failure is not kept: the picture is asked for again when it is shown again.
        got.catch(() => urls.get(url) === got && urls.delete(url));
        urls.set(url, got);
      }
      return got;
    },
    release() {
      const old = urls;
      urls = new Map();
      for (const p of old.values()) p.then((href) => URL.revokeObjectURL(href), () => undefined);
    },
  };
}
