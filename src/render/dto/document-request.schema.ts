import { z } from 'zod';
import { renderOptionsShape } from './render-request.schema';

export const MAX_DOCUMENT_PAGES = 100;

const { templateId, layers, width, height, pdf } = renderOptionsShape;

/** One page: a render request of its own template, overrides and size; the format is the document's. */
export const documentPageSchema = z.strictObject({ templateId, layers: layers.optional(), width, height });

/** POST /api/generate/document (§21): 1–100 pages drawn into one PDF; a bad page is a 400 naming `pages.<i>…`. */
export const documentRequestSchema = z.strictObject({
  pages: z.array(documentPageSchema).min(1, 'must hold at least 1 page').max(MAX_DOCUMENT_PAGES, `must hold at most ${MAX_DOCUMENT_PAGES} pages`),
  format: z.literal('pdf', 'a document is a PDF: format must be "pdf"').default('pdf'),
  pdf: pdf.describe('PDF options for the whole document: `archival` writes PDF/A-2b'),
});

export type DocumentRequest = z.output<typeof documentRequestSchema>;
export type DocumentPage = z.output<typeof documentPageSchema>;
