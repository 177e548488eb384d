/**
 * Fetching a file a traveller named by its URL (the URL forms of the upload calls), without letting that URL reach
 * what only the server can reach (SSRF):
 *
 * - http(s) only, no user:password in the URL;
 * - every address a host name resolves to must be public (`isPublicAddress`: no loopback, private, link-local,
 *   carrier-grade NAT, multicast, documentation or reserved ranges, in IPv4 or IPv6, also when an IPv6 address
 *   embeds an IPv4 one), and the connection goes to the address that was checked (the lookup is ours), so a name
 *   that answers a public address to the check and a private one to the connection (DNS rebinding) gets nowhere;
 * - redirects are followed by hand, at most MAX_REDIRECTS, each target checked the same way;
 * - a deadline for the whole fetch and the kind's size limit while the bytes stream to a temporary file.
 *
 * Host names in `allowHosts` (UPLOAD_URL_ALLOW_HOSTS: an internal CDN) skip the address check.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

const MAX_REDIRECTS = 3;

/** Why a URL was not fetched: its `message` is the field error the traveller reads. */
export class UrlFetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UrlFetchRefused';
  }
}

const URL_TEXT = {
  scheme: 'Only an http or https URL can be uploaded',
  malformed: 'This is not a URL',
  credentials: 'A URL with a user name or password cannot be uploaded',
  address: 'The file must be on a public web server',
  unresolved: 'The server of this URL could not be found',
  status: (status: number) => `The server of this URL answered ${status} instead of the file`,
  redirects: `The URL redirects more than ${MAX_REDIRECTS} times`,
  timeout: 'The file took too long to download',
  failed: 'The file could not be downloaded',
} as const;

/** Ranges no upload may be fetched from (IANA special-purpose registries, RFC 6890 and successors). */
const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['64:ff9b:1::', 48],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) BLOCKED.addSubnet(address, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d, IPv4-compatible ::a.b.c.d). */
function embeddedIpv4(ipv6: string): string | null {
  const lower = ipv6.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::|::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address is one of the public internet (false for anything else, and for what is not an address). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return !BLOCKED.check(bare, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare);
  if (v4) return net.isIPv4(v4) && !BLOCKED.check(v4, 'ipv4');
  return !BLOCKED.check(bare, 'ipv6');
}

/** A URL a fetch may start from, or the reason it may not. */
function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlFetchRefused(URL_TEXT.malformed);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlFetchRefused(URL_TEXT.scheme);
  if (url.username || url.password) throw new UrlFetchRefused(URL_TEXT.credentials);
  return url;
}

/** dns.lookup that answers only public addresses (all of them must be: one private answer refuses the name). */
function publicLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family as number | undefined, hints: options.hints }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      if (!addresses.length) return callback(Object.assign(new Error('No address'), { code: 'ENOTFOUND' }), '', 0);
      if (!allowed && addresses.some((a) => !isPublicAddress(a.address))) {
        return callback(Object.assign(new UrlFetchRefused(URL_TEXT.address), { code: 'EPRIVATE' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

export interface FetchedFile {
  /** The answer's body: the caller streams it (to a temporary file within its size limit). */
  body: http.IncomingMessage;
  /** The size the server announced, when it did. */
  length: number | null;
  /** The last segment of the final URL's path: the download name. */
  fileName: string;
  /** Stops the fetch (its deadline included). */
  done(): void;
}

export interface FetchOptions {
  /** A Content-Length above this is refused before any byte is read (413 for the caller). */
  maxBytes: number;
  timeoutMs: number;
  allowHosts: readonly string[];
}

/** An announced size over the limit. */
export class UrlFileTooLarge extends Error {
  constructor() {
    super('Too large');
    this.name = 'UrlFileTooLarge';
  }
}

/**
 * Starts fetching a public URL: resolves once a 200 answer's headers arrived. The deadline covers the whole fetch,
 * the body's bytes included (the body then fails with UrlFetchRefused(timeout)); call `done()` when finished.
 */
export function fetchPublicUrl(raw: string, options: FetchOptions): Promise<FetchedFile> {
  let current: http.ClientRequest | null = null;
  let body: http.IncomingMessage | null = null;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    // The body being read fails with the reason (the caller's stream sees it), else the request does.
    if (body) body.destroy(new UrlFetchRefused(URL_TEXT.timeout));
    else current?.destroy(new UrlFetchRefused(URL_TEXT.timeout));
  }, options.timeoutMs);
  const done = () => {
    clearTimeout(timer);
    body?.destroy();
    current?.destroy();
  };

  const attempt = (url: URL, redirects: number): Promise<FetchedFile> =>
    new Promise<FetchedFile>((resolve, reject) => {
      const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      const allowed = options.allowHosts.includes(host);
      // A literal address is never looked up: it is checked here.
      if (net.isIP(host) && !allowed && !isPublicAddress(host)) return reject(new UrlFetchRefused(URL_TEXT.address));
      const get = url.protocol === 'https:' ? https.get : http.get;
      const request = get(url, {
        lookup: publicLookup(allowed),
        headers: { 'user-agent': 'ToursUploads/1.0', accept: '*/*' },
        agent: false,
      });
      // No socket timeout of its own: the one timer above covers connect, headers and body alike. A second
      // (idle) timer could fire first and break the body with a bare ECONNRESET instead of the timeout's message.
      current = request;
      // `on`, not `once`: a second error (after the answer started) must not be an unhandled one.
      request.on('error', (err: NodeJS.ErrnoException) => {
        if (timedOut) return reject(new UrlFetchRefused(URL_TEXT.timeout));
        if (err instanceof UrlFetchRefused) return reject(err);
        if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return reject(new UrlFetchRefused(URL_TEXT.unresolved));
        return reject(new UrlFetchRefused(URL_TEXT.failed));
      });
      request.once('response', (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (redirects >= MAX_REDIRECTS) return reject(new UrlFetchRefused(URL_TEXT.redirects));
          let next: URL;
          try {
            next = checkUrl(new URL(response.headers.location, url).href);
          } catch (err) {
            return reject(err);
          }
          return attempt(next, redirects + 1).then(resolve, reject);
        }
        if (status !== 200) {
          response.resume();
          return reject(new UrlFetchRefused(URL_TEXT.status(status)));
        }
        const length = Number(response.headers['content-length']);
        if (Number.isFinite(length) && length > options.maxBytes) {
          response.destroy();
          return reject(new UrlFileTooLarge());
        }
        const segment = url.pathname.split('/').filter(Boolean).pop() ?? '';
        let fileName = segment;
        try {
          fileName = decodeURIComponent(segment);
        } catch {
          // A malformed escape: the raw segment is a fine download name.
        }
        body = response;
        resolve({ body: response, length: Number.isFinite(length) ? length : null, fileName, done });
      });
    });

  let start: URL;
  try {
    start = checkUrl(raw);
  } catch (err) {
    clearTimeout(timer);
    return Promise.reject(err);
  }
  return attempt(start, 0).catch((err: unknown) => {
    done();
    throw err;
  });
}
