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
  /** Response headers this format's files are served with besides the content type (the image route, public render). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * An SVG is a document a browser runs: served under a policy that lets it load nothing and run no script (its
 * images are `data:` URIs, its styles inline), and never sniffed as something else.
 */
const SVG_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
  'x-content-type-options': 'nosniff',
} as const;

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
  /** Vector (§21): the layers drawn onto a PDF page, text kept as text; quality does not apply. */
  pdf: { extension: 'pdf', contentType: 'application/pdf', label: 'PDF', defaultQuality: null },
  /** Vector (§21): text converted to outlines, images as `data:` URIs. */
  svg: { extension: 'svg', contentType: 'image/svg+xml', label: 'SVG', defaultQuality: null, headers: SVG_HEADERS },
} as const satisfies Record<string, OutputFormatRow>;

export type OutputFormat = keyof typeof OUTPUT_FORMATS;

/**
 * Files a job writes as its result (§22 `output`), served from the image store by the image route like images.
 * Not render formats: they stay out of `format` (outputFormatSchema) and of render answers' media types.
 */
export const RESULT_FILE_TYPES = {
  zip: { extension: 'zip', contentType: 'application/zip', label: 'ZIP', defaultQuality: null, headers: { 'x-content-type-options': 'nosniff' } },
} as const satisfies Record<string, OutputFormatRow>;

const NAMES = Object.keys(OUTPUT_FORMATS) as [OutputFormat, ...OutputFormat[]];
const ROWS: ReadonlyArray<OutputFormatRow> = Object.values(OUTPUT_FORMATS);
/** Everything the image route serves: drawn images and job results. */
const STORED_ROWS: ReadonlyArray<OutputFormatRow> = [...ROWS, ...Object.values(RESULT_FILE_TYPES)];

/** `format` in a render request. */
export const outputFormatSchema = z.enum(NAMES);

/** `pdf` in a render request (§21): options of the PDF format, ignored by the others. */
export const pdfOptionsSchema = z.strictObject({
  archival: z.boolean().default(false).describe('Write PDF/A-2b (archival: XMP pdfaid part 2, conformance B; every font embedded)'),
});
export type PdfOptions = z.output<typeof pdfOptionsSchema>;

/** The quality a render is drawn at: the request's, else the format's default; 0 where quality does not apply. */
export function qualityOf(format: OutputFormat, requested: number | undefined): number {
  const fallback = OUTPUT_FORMATS[format].defaultQuality;
  return fallback === null ? 0 : (requested ?? fallback);
}

/** The file name of a stored image or job result: `<64 hex digits>.<extension>`; capture 1 is the key, 2 the extension. */
export const IMAGE_FILE_PATTERN = new RegExp(`^([0-9a-f]{64})\\.(${STORED_ROWS.map((row) => row.extension).join('|')})$`);

/** The content type of a stored image or job result by its extension. */
export const CONTENT_TYPE_BY_EXTENSION: ReadonlyMap<string, string> = new Map(STORED_ROWS.map((row) => [row.extension, row.contentType]));

/** Extensions of job results (a download of one is a result's access for retention, not an image's). */
export const RESULT_EXTENSIONS: ReadonlySet<string> = new Set(Object.values(RESULT_FILE_TYPES).map((row) => row.extension));

const NO_HEADERS: Readonly<Record<string, string>> = {};

/** The headers a stored image of this extension is served with besides its content type (none for most). */
export const HEADERS_BY_EXTENSION: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map(
  STORED_ROWS.map((row) => [row.extension, row.headers ?? NO_HEADERS]),
);

/** An image response's media types for the OpenAPI document. */
export const IMAGE_MEDIA: Record<string, string> = Object.fromEntries(ROWS.map((row) => [row.contentType, `${row.label} bytes`]));

/** The image route's media types: images and job results. */
export const STORED_FILE_MEDIA: Record<string, string> = Object.fromEntries(STORED_ROWS.map((row) => [row.contentType, `${row.label} bytes`]));
