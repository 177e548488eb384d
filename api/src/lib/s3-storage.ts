/**
 * Kept uploads in an S3-compatible object store (AWS S3, Yandex Object Storage, MinIO, Ceph…), chosen by one setting:
 * UPLOADS_S3_URL=https://{access key}:{secret}@{endpoint host}/{bucket}[/{prefix}][?region=…] (docs/decisions.md
 * 'File uploads'). Path-style addressing (every S3-compatible store takes it), requests signed with AWS Signature
 * Version 4 (`aws4`), bodies streamed both ways: a 10 MB upload is never a 10 MB buffer.
 *
 * Objects are private to the bucket's owner: the API serves them (`/media/uploads/{name}`, with its owner checks and
 * byte ranges), so the bucket needs no public policy and a private file is never one URL away.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import aws4 from 'aws4';
import type { UploadMime } from '@tours/shared/src/api/schemas/uploads';
import type { ByteRange, FileStorage } from './uploads';

/** What UPLOADS_S3_URL says. */
export interface S3Location {
  /** `http(s)://host[:port]` of the endpoint. */
  endpoint: string;
  bucket: string;
  /** A key prefix without slashes at its ends ('' for none). */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Reads UPLOADS_S3_URL; throws with what is wrong (the service refuses to start with a broken setting). */
export function parseS3Url(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('UPLOADS_S3_URL is not a URL: expected https://{access key}:{secret}@{host}/{bucket}[/{prefix}][?region=…]');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('UPLOADS_S3_URL must be an http(s) URL');
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!bucket) throw new Error('UPLOADS_S3_URL names no bucket: https://{access key}:{secret}@{host}/{bucket}');
  if (!url.username || !url.password) throw new Error('UPLOADS_S3_URL needs the access key and the secret: https://{access key}:{secret}@{host}/{bucket}');
  return {
    endpoint: url.origin,
    bucket,
    prefix: rest.join('/'),
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

/** How long a request may wait for the store's answer to start (a stuck store fails the one call, nothing else). */
const HEADERS_TIMEOUT_MS = 15_000;
/** How long a whole upload to the store may take. */
const PUT_TIMEOUT_MS = 120_000;

const encodeKey = (key: string): string => key.split('/').map(encodeURIComponent).join('/');

export class S3Storage implements FileStorage {
  readonly name: string;

  constructor(
    private readonly at: S3Location,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.name = `s3 ${at.endpoint}/${at.bucket}${at.prefix ? `/${at.prefix}` : ''}`;
  }

  /** The object's key: the disk's layout (`{2 hex}/{name}`) under the prefix. */
  private key(storedName: string): string {
    const key = `${storedName.slice(0, 2)}/${storedName}`;
    return this.at.prefix ? `${this.at.prefix}/${key}` : key;
  }

  /** A signed request; the answer once its headers arrived (the body, if any, is the caller's to read). */
  private async request(method: string, storedName: string, options: { headers?: Record<string, string>; body?: Readable; timeoutMs?: number } = {}): Promise<Response> {
    const path = `/${encodeURIComponent(this.at.bucket)}/${encodeKey(this.key(storedName))}`;
    const host = new URL(this.at.endpoint).host;
    // The body is streamed, so it is not part of the signature (UNSIGNED-PAYLOAD; TLS protects it on the way).
    const signed = aws4.sign(
      { host, path, method, service: 's3', region: this.at.region, headers: { ...options.headers, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } },
      { accessKeyId: this.at.accessKeyId, secretAccessKey: this.at.secretAccessKey },
    );
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`The file store did not answer ${method} in time`)), options.timeoutMs ?? HEADERS_TIMEOUT_MS);
    try {
      const init: RequestInit & { duplex?: 'half' } = { method, headers: signed.headers as Record<string, string>, signal: controller.signal };
      if (options.body) {
        init.body = Readable.toWeb(options.body) as unknown as ReadableStream;
        init.duplex = 'half';
      }
      return await this.fetchImpl(`${this.at.endpoint}${path}`, init);
    } finally {
      // A PUT's timer covers the whole body; a GET's only the wait for its headers (a long download is fine).
      clearTimeout(timer);
    }
  }

  private static async fail(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new Error(`The file store refused ${what}: HTTP ${response.status}${code ? ` ${code}` : ''}`);
  }

  async put(tmp: string, storedName: string, mime: UploadMime): Promise<void> {
    const { size } = await fs.promises.stat(tmp);
    const response = await this.request('PUT', storedName, {
      headers: { 'content-type': mime, 'content-length': String(size) },
      body: fs.createReadStream(tmp),
      timeoutMs: PUT_TIMEOUT_MS,
    });
    await response.body?.cancel();
    if (!response.ok) await S3Storage.fail(response, 'a file');
  }

  async size(storedName: string): Promise<number | null> {
    const response = await this.request('HEAD', storedName);
    if (response.status === 404) return null;
    if (!response.ok) await S3Storage.fail(response, 'a file\'s size');
    return Number(response.headers.get('content-length'));
  }

  async read(storedName: string, range?: ByteRange): Promise<Readable | null> {
    const response = await this.request('GET', storedName, range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {});
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) await S3Storage.fail(response, 'a file');
    return Readable.fromWeb(response.body as unknown as WebReadableStream);
  }

  async copyTo(storedName: string, tmp: string): Promise<boolean> {
    const source = await this.read(storedName);
    if (!source) return false;
    await pipeline(source, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
    return true;
  }

  async remove(storedName: string): Promise<void> {
    const response = await this.request('DELETE', storedName);
    await response.body?.cancel();
    if (!response.ok && response.status !== 404) await S3Storage.fail(response, 'to remove a file');
  }
}
