/**
 * The PDFs the API sends, made once per document and data version (issue 14's programme cache, issue 29's travel
 * guide): an LRU in memory within its byte budget, keyed by what names the document (a tour, locale and currency; the
 * guide's locale and currency) and a SHA-256 of the data printed (the catalogue has no updated_at: any change of what
 * is printed is another key); concurrent asks for one PDF share one generation, which runs in the PDF worker threads
 * (`s.pdfWorkers`).
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Services } from '../services';
import type { PdfDocument } from '../lib/pdf-render';
import type { Payer } from '../lib/work-limits';

export interface PdfFile {
  bytes: Buffer;
  /** The cache key (the document's name and data version). */
  key: string;
  filename: string;
  title: string;
}

/** One kind of PDF: how a document is named, what it prints, and its file's name and title. */
export interface PdfKind<Ref, Model> {
  /** The document without its data version, e.g. '12:en:EUR'. */
  name(ref: Ref): string;
  /** What the PDF prints, read from the database; null when there is no such document (an unpublished tour). */
  model(ref: Ref): Promise<Model | null>;
  document(model: Model): PdfDocument;
  filename(ref: Ref): string;
  title(model: Model): string;
}

export class PdfCache<Ref, Model> {
  private readonly cache: LRUCache<string, PdfFile>;
  private readonly making = new Map<string, Promise<PdfFile>>();
  /** The key of the newest PDF made per document name (whether one is likely cached, before the model is read). */
  private readonly latest = new LRUCache<string, string>({ max: 20_000 });
  /** How many PDFs were made (tests: a cache hit makes none). */
  generated = 0;

  constructor(private readonly s: Services, private readonly kind: PdfKind<Ref, Model>, maxBytes: number) {
    this.cache = new LRUCache<string, PdfFile>({ maxSize: maxBytes, sizeCalculation: (pdf) => pdf.bytes.length + 256 });
  }

  /**
   * The PDF of a document, or null when there is none. `payer` pays for a PDF this call makes (not one in the cache or
   * being made): before the model is even read when no PDF of this document is cached (so a flood of first-time PDFs
   * is refused before it costs the event loop anything), given back when it was not needed. When it cannot pay, it
   * throws (the captcha 429) and nothing is made.
   */
  async get(ref: Ref, payer?: Payer): Promise<PdfFile | null> {
    const name = this.kind.name(ref);
    const latest = this.latest.get(name);
    let paid = false;
    if (payer && !(latest && (this.cache.has(latest) || this.making.has(latest)))) {
      await payer.pay();
      paid = true;
    }
    const model = await this.kind.model(ref);
    const version = model ? createHash('sha256').update(JSON.stringify(model)).digest('hex').slice(0, 16) : '';
    const key = `${name}:${version}`;
    const ready = model ? this.cache.get(key) ?? this.making.get(key) : null;
    if (!model || ready) {
      if (paid) payer!.refund();
      return ready ?? null;
    }
    if (payer && !paid) {
      await payer.pay();
      // Another call may have started it while this one was charged.
      const meanwhile = this.cache.get(key) ?? this.making.get(key);
      if (meanwhile) {
        payer.refund();
        return meanwhile;
      }
    }
    this.latest.set(name, key);
    const pending = this.s.pdfWorkers.render(this.kind.document(model)).then((bytes) => {
      this.generated++;
      const pdf = { bytes, key, filename: this.kind.filename(ref), title: this.kind.title(model) };
      this.cache.set(key, pdf);
      return pdf;
    }).finally(() => this.making.delete(key));
    this.making.set(key, pending);
    return pending;
  }
}
