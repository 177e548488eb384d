/** Reading the PDFs the API makes, in the tests that check their text. */

// pdf-parse 1.x (a test-only text extractor; its lib file, not its index, which reads a sample file when required).
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const pdfParse = require('pdf-parse/lib/pdf-parse.js') as (data: Buffer) => Promise<{ numpages: number; text: string }>;
