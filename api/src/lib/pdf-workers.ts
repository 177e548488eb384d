/**
 * Programme PDFs rendered in worker threads (issue 28): a PDF is 60–250 ms of CPU, and on the API's one event loop
 * 30 of them at once took an unrelated /spa/info from 5 ms to 3.7 s (p50). Here `workers` threads (PDF_WORKERS, 1 by
 * default on this 2-core machine: the other core is the API's) render one PDF at a time each; at most `queue`
 * (PDF_QUEUE) wait behind them, and a PDF beyond that is refused at once with the captcha 429 and Retry-After
 * (lib/work-limits.ts), never queued without end.
 *
 * The worker runs lib/pdf-render.ts (the programme and the travel guide), TypeScript. Like the checkpointer (db/checkpointer.ts) its source is
 * plain JavaScript evaluated in the thread, with what it needs resolved here: a worker does not inherit the loader
 * that runs the API's TypeScript (tsx under `npm start`, swc inside jest), so it registers tsx's CommonJS hook itself
 * (tsx is a dependency of the API) and requires the renderer by its path; execArgv is emptied so `--import tsx` is
 * not loaded twice. Workers start on the first PDF and end after IDLE_MS without one.
 *
 * A worker that crashes fails its PDF (the caller's 500) and is replaced by the next one; one that takes longer than
 * JOB_TIMEOUT_MS is ended. PDF_WORKERS=0 renders on the event loop (a fallback, not for production).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { renderDocument, type PdfDocument } from './pdf-render';
import { retryAfterSeconds } from './work-budget';
import { workRefused } from './work-limits';

/** A worker without a PDF for this long ends (its fonts and heap are given back). */
const IDLE_MS = 60_000;
/** A PDF that takes longer than this has failed (its worker is ended). */
const JOB_TIMEOUT_MS = 30_000;
/** A worker's heap bound (the API's own is API_HEAP_MB): a Chinese PDF's fonts are ≈ 16 MB. */
const WORKER_HEAP_MB = 192;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
require(workerData.tsx).register();
const { renderDocument } = require(workerData.renderer);
parentPort.on('message', (job) => {
  renderDocument(job.doc).then(
    (bytes) => parentPort.postMessage({ id: job.id, bytes }),
    (err) => parentPort.postMessage({ id: job.id, error: String((err && err.message) || err) }),
  );
});
`;

interface Job {
  id: number;
  doc: PdfDocument;
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export interface PdfWorkersOptions {
  workers: number;
  queue: number;
  idleMs?: number;
  jobTimeoutMs?: number;
  onError?: (message: string) => void;
}

export class PdfWorkers {
  private readonly slots = new Set<Slot>();
  private readonly queued: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Mean render time (ms) of the recent PDFs, for Retry-After. */
  private meanMs = 200;

  constructor(private readonly options: PdfWorkersOptions) {}

  /** The PDF's bytes; rejects with the captcha 429 when the queue is full. */
  render(doc: PdfDocument): Promise<Buffer> {
    if (this.options.workers === 0) return renderDocument(doc);
    if (this.closed) return Promise.reject(new Error('PDF workers closed'));
    const idle = [...this.slots].find((s) => !s.job);
    if (!idle && this.slots.size >= this.options.workers && this.queued.length >= this.options.queue) {
      const waitMs = ((this.queued.length + this.slots.size) * this.meanMs) / this.options.workers;
      return Promise.reject(workRefused(retryAfterSeconds(waitMs)));
    }
    return new Promise<Buffer>((resolve, reject) => {
      this.queued.push({ id: this.nextId++, doc, resolve, reject });
      this.dispatch();
    });
  }

  /** PDFs being made and waiting (metrics, tests). */
  stats(): { workers: number; busy: number; queued: number } {
    return { workers: this.slots.size, busy: [...this.slots].filter((s) => s.job).length, queued: this.queued.length };
  }

  /** Ends the workers; PDFs waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queued.splice(0)) job.reject(new Error('PDF workers closed'));
    await Promise.all([...this.slots].map((slot) => this.end(slot, new Error('PDF workers closed'))));
  }

  private dispatch(): void {
    while (this.queued.length) {
      let slot = [...this.slots].find((s) => !s.job);
      if (!slot) {
        if (this.slots.size >= this.options.workers) return;
        slot = this.start();
      }
      const job = this.queued.shift()!;
      if (slot.timer) clearTimeout(slot.timer);
      slot.job = job;
      const started = performance.now();
      const done = job.resolve;
      job.resolve = (bytes) => {
        this.meanMs = this.meanMs * 0.8 + (performance.now() - started) * 0.2;
        done(bytes);
      };
      const current = slot;
      slot.timer = setTimeout(() => void this.end(current, new Error(`PDF not made within ${(this.options.jobTimeoutMs ?? JOB_TIMEOUT_MS) / 1000} s`)), this.options.jobTimeoutMs ?? JOB_TIMEOUT_MS);
      slot.worker.postMessage({ id: job.id, doc: job.doc });
    }
  }

  private start(): Slot {
    const local = createRequire(__filename);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      workerData: { tsx: local.resolve('tsx/cjs/api'), renderer: path.join(__dirname, 'pdf-render.ts') },
    });
    // The API's shutdown ends it; it never keeps a process alive by itself.
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null };
    this.slots.add(slot);
    worker.on('message', (message: { id: number; bytes?: Uint8Array; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      slot.job = null;
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = setTimeout(() => void this.end(slot), this.options.idleMs ?? IDLE_MS);
      slot.timer.unref();
      if (message.bytes) job.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      else job.reject(new Error(message.error ?? 'PDF not made'));
      this.dispatch();
    });
    worker.on('error', (err) => {
      this.options.onError?.(err.message);
      void this.end(slot, err);
    });
    worker.on('exit', () => {
      if (this.slots.delete(slot)) this.failJob(slot, new Error('PDF worker stopped'));
      this.dispatch();
    });
    return slot;
  }

  private failJob(slot: Slot, error: Error): void {
    const job = slot.job;
    slot.job = null;
    job?.reject(error);
  }

  /** Ends a worker (idle, failed or closing); its PDF, if any, fails with `error`. */
  private async end(slot: Slot, error?: Error): Promise<void> {
    if (slot.timer) clearTimeout(slot.timer);
    if (!this.slots.delete(slot)) return;
    this.failJob(slot, error ?? new Error('PDF worker stopped'));
    await slot.worker.terminate();
    if (!this.closed) this.dispatch();
  }
}
