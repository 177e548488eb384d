/**
 * Every PDF the API makes, as one job of the PDF workers (lib/pdf-workers.ts requires this file in its threads): the
 * tour programme (lib/programme-pdf-render.ts) and the travel guide (lib/guide-pdf-render.ts). Imports nothing of the
 * API but the renderers.
 */
import { renderGuidePdf, type GuideModel } from './guide-pdf-render';
import { renderProgrammePdf, type ProgrammeModel } from './programme-pdf-render';

export type PdfDocument = { kind: 'programme'; model: ProgrammeModel } | { kind: 'guide'; model: GuideModel };

/** Renders a document; resolves with the PDF's bytes. */
export function renderDocument(doc: PdfDocument): Promise<Buffer> {
  return doc.kind === 'guide' ? renderGuidePdf(doc.model) : renderProgrammePdf(doc.model);
}
