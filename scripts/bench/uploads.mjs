// Uploads budget (issue 16), for `npm run bench` (part `areas`):
//   a 10 MB file uploads as a stream: the API process's memory grows by at most 20 MB while it is received, checked
//   and kept.
// `benchUploads({ apiUrl })` runs against a started product in development mode (the code of the traveller who
// uploads is read from the outbox; /internal/metrics, with the product's internal secret, gives the process's memory).
import { ReadableStream } from 'node:stream/web';
import { signInByCode } from './accounts.mjs';

export const UPLOAD_BUDGETS = { tenMbRssGrowthMB: 20 };
const MB = 1024 * 1024;
const round = (n) => Math.round(n * 10) / 10;

/** The API process's resident memory (/internal/metrics answers only with the host's internal secret). */
async function rss(apiUrl, internalSecret) {
  const metrics = await (await fetch(`${apiUrl}/internal/metrics`, { headers: { 'x-internal-secret': internalSecret } })).json();
  return metrics.memory.rss;
}

/** A multipart body of one `file` part of `size` bytes (a PDF's header, then filler), produced as it is sent. */
function pdfForm(size, boundary) {
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const fill = size - 9;
  let sent = 0;
  return {
    length: head.length + fill + tail.length,
    stream: new ReadableStream({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= fill) {
          controller.enqueue(tail);
          controller.close();
          return;
        }
        const part = chunk.subarray(0, Math.min(chunk.length, fill - sent));
        sent += part.length;
        controller.enqueue(part);
      },
    }),
  };
}

/** Uploads a 10 MB file while sampling the API's memory every 10 ms: the peak growth over the memory before it. */
export async function tenMbUpload(apiUrl, internalSecret, token) {
  const before = await rss(apiUrl, internalSecret);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rss(apiUrl, internalSecret));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const boundary = 'bench-upload-boundary';
  const form = pdfForm(10 * MB, boundary);
  const t0 = performance.now();
  const res = await fetch(`${apiUrl}/crm/api/file/upload`, {
    method: 'POST', duplex: 'half', body: form.stream,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(form.length), 'x-authorization': `Bearer ${token}`, accept: 'application/json' },
  });
  const answer = await res.json();
  const ms = performance.now() - t0;
  sampling = false;
  await sampler;
  peak = Math.max(peak, await rss(apiUrl, internalSecret));
  return { status: res.status, sizeMB: round((answer.size ?? 0) / MB), ms: Math.round(ms), rssBeforeMB: round(before / MB), rssGrowthMB: round((peak - before) / MB) };
}

export async function benchUploads({ apiUrl, internalSecret }) {
  const token = await signInByCode(apiUrl, `bench-upload-${Date.now().toString(36)}@example.com`);
  // The first upload warms the code paths (and the multipart parser's buffers); the second is measured.
  await tenMbUpload(apiUrl, internalSecret, token);
  const upload = await tenMbUpload(apiUrl, internalSecret, token);
  return { tenMbUpload: { ...upload, ok: upload.status === 200 && upload.rssGrowthMB <= UPLOAD_BUDGETS.tenMbRssGrowthMB } };
}
