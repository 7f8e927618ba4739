import { z } from 'zod';

/** One output format: how its files are named and served, and whether `quality` applies. */
export interface OutputFormatRow {
  /** The file extension of its images (`<key>.<extension>`). */
  extension: string;
  contentType: string;
  /** Its name in documents and messages. */
  label: string;
  /** The default `quality` (1–100), or null where quality does not apply (it then stays out of the cache key). */
  defaultQuality: number | null;
}

/**
 * Every output format, one row each: the request schemas, the OpenAPI documents, file names, content types and
 * the image route all derive from this table, and the worker's encoders are keyed by it (a row without an
 * encoder fails to compile: render/renderer/encoders.ts). A new format is a row here and an encoder there.
 */
export const OUTPUT_FORMATS = {
  png: { extension: 'png', contentType: 'image/png', label: 'PNG', defaultQuality: null },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg', label: 'JPEG', defaultQuality: 85 },
  webp: { extension: 'webp', contentType: 'image/webp', label: 'WebP', defaultQuality: 85 },
  /**
   * AVIF's scale is not JPEG's: quality 55 (at the encoder effort the worker uses) measured the same SSIM as
   * WebP at 85 on the sample card, in 39 % fewer bytes (bench/avif-vs-webp.ts; docs/performance.md).
   */
  avif: { extension: 'avif', contentType: 'image/avif', label: 'AVIF', defaultQuality: 55 },
} as const satisfies Record<string, OutputFormatRow>;

export type OutputFormat = keyof typeof OUTPUT_FORMATS;

const NAMES = Object.keys(OUTPUT_FORMATS) as [OutputFormat, ...OutputFormat[]];
const ROWS: ReadonlyArray<OutputFormatRow> = Object.values(OUTPUT_FORMATS);

/** `format` in a render request. */
export const outputFormatSchema = z.enum(NAMES);

/** The quality a render is drawn at: the request's, else the format's default; 0 where quality does not apply. */
export function qualityOf(format: OutputFormat, requested: number | undefined): number {
  const fallback = OUTPUT_FORMATS[format].defaultQuality;
  return fallback === null ? 0 : (requested ?? fallback);
}

/** The file name of a stored image: `<64 hex digits>.<extension>`; capture 1 is the key, 2 the extension. */
export const IMAGE_FILE_PATTERN = new RegExp(`^([0-9a-f]{64})\\.(${ROWS.map((row) => row.extension).join('|')})$`);

/** The content type of a stored image by its extension. */
export const CONTENT_TYPE_BY_EXTENSION: ReadonlyMap<string, string> = new Map(ROWS.map((row) => [row.extension, row.contentType]));

/** An image response's media types for the OpenAPI document. */
export const IMAGE_MEDIA: Record<string, string> = Object.fromEntries(ROWS.map((row) => [row.contentType, `${row.label} bytes`]));
