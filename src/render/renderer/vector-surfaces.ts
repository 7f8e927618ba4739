import { createCanvas, PDFDocument, SvgExportFlag, type SKRSContext2D } from '@napi-rs/canvas';
import type { DrawJob } from './draw-job';

/** One open vector page: the layers are drawn on `ctx` in output pixels, then `close` gives the file's bytes. */
export interface VectorPage {
  ctx: SKRSContext2D;
  close(): Uint8Array;
}

/** A vector output format (§21): it draws the same layers on its own surface instead of encoding a raster. */
export interface VectorSurface {
  open(output: DrawJob['output']): VectorPage;
}

/** The page is the output size in CSS pixels at 96 dpi: 1 px = 72/96 pt. */
export const POINTS_PER_PIXEL = 0.75;

/**
 * What Skia's PDF backend rasterizes (blurred shadows, some blend modes) is rasterized at twice the output
 * resolution (96 dpi × 2), like images (§21: at most the drawn size × the output scale × 2).
 */
const PDF_RASTER_DPI = 192;

/** An open PDF document: pages are added one at a time (each drawn, then ended), and `close` gives the file's bytes. */
export interface PdfDocumentWriter {
  /** Opens a page of `size` output pixels; its context draws in output pixels until `endPage`. */
  beginPage(size: { width: number; height: number }): SKRSContext2D;
  endPage(): void;
  close(): Uint8Array;
}

/**
 * A Skia PDF document: text stays text with subset fonts, shapes stay paths; `archival` writes PDF/A-2b. Skia writes
 * each page's content when it ends, and the fonts' subsets at close, so a page's drawing is not held after it ends.
 */
export function openPdfDocument(archival: boolean): PdfDocumentWriter {
  const document = new PDFDocument({ producer: 'Pictor', creator: 'Pictor', rasterDPI: PDF_RASTER_DPI, pdfa: archival });
  return {
    beginPage({ width, height }) {
      const ctx = document.beginPage(width * POINTS_PER_PIXEL, height * POINTS_PER_PIXEL) as unknown as SKRSContext2D;
      ctx.scale(POINTS_PER_PIXEL, POINTS_PER_PIXEL);
      // Contextual alternates swap in glyphs no character maps to (Inter's raised colon between digits, its hyphen
      // between capitals): Skia's ToUnicode table then has nothing for them, and "14:30" would extract as "1430".
      ctx.fontFeatureSettings = '"calt" 0';
      return ctx;
    },
    endPage: () => document.endPage(),
    close: () => document.close(),
  };
}

/** Vector PDF of one page (a document of several: draw-document.ts). */
export const PDF_SURFACE: VectorSurface = {
  open(output) {
    const document = openPdfDocument(output.archival === true);
    const ctx = document.beginPage(output);
    return {
      ctx,
      close() {
        document.endPage();
        return document.close();
      },
    };
  },
};

/** SVG with text as outlines (it draws the same without the fonts), images as `data:` URIs. */
export const SVG_SURFACE: VectorSurface = {
  open(output) {
    const canvas = createCanvas(output.width, output.height, SvgExportFlag.ConvertTextToPaths);
    return { ctx: canvas.getContext('2d'), close: () => canvas.getContent() };
  },
};

/** Whether a format's encoder is a vector surface (raster encoders are functions). */
export const isVectorSurface = (encoder: object): encoder is VectorSurface => typeof encoder !== 'function';
