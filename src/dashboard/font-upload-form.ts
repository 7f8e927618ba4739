import type { FastifyRequest } from 'fastify';
import { AppException, CommonErrorCode, CommonException } from '../common/errors/app-exception';
import { FONT_UPLOAD_LIMITS, FontUpload, MAX_FAMILY_LENGTH, MAX_FONT_BYTES } from '../fonts/dto/font-upload';

/** The fonts page's upload form, read: its CSRF token, and the upload or why there is none. */
export interface FontUploadForm {
  csrf?: string;
  /** The upload, or why the body was refused (too large, malformed, no file): told on the next page, nothing kept. */
  upload: FontUpload | AppException;
}

/** How much of a refused body is read (and dropped) so a browser gets the answer: a little over the font limit. */
const DRAIN_LIMIT_BYTES = 2 * MAX_FONT_BYTES;
const DRAIN_TIMEOUT_MS = 10_000;

function drain(raw: FastifyRequest['raw'], limit: number): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', count);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) {
        raw.pause();
        done();
      }
    };
    const timer = setTimeout(done, DRAIN_TIMEOUT_MS);
    raw.on('data', count);
    raw.on('end', done);
    raw.on('error', done);
    raw.on('close', done);
    raw.resume();
  });
}

const refuse = (message: string, path = 'file') => new CommonException(CommonErrorCode.VALIDATION_FAILED, message, { details: [{ path, message }] });

/**
 * Reads the dashboard's multipart font form (`_csrf`, optional `family`, `file`) within the API's limits (§14).
 * It never throws: the page answers a redirect with a flash whatever the body was.
 */
export async function readFontUploadForm(request: FastifyRequest): Promise<FontUploadForm> {
  if (!request.isMultipart()) return { upload: refuse('Upload the font with the form (multipart/form-data)') };
  let csrf: string | undefined;
  let bytes: Buffer | undefined;
  let family: string | undefined;
  try {
    for await (const part of request.parts({ limits: FONT_UPLOAD_LIMITS })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file' && part.filename) bytes = content;
      } else if (part.fieldname === '_csrf') csrf = String(part.value);
      else if (part.fieldname === 'family') {
        if (part.valueTruncated) return { csrf, upload: refuse(`family: must be at most ${MAX_FAMILY_LENGTH} characters`, 'family') };
        family = String(part.value).trim() || undefined;
      }
    }
  } catch (error) {
    const tooLarge = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
    // A browser still sending the rest of a too-large file shows a reset connection instead of our page unless
    // the rest is read; bounded, so a sender cannot keep the server reading (past it the connection closes).
    await drain(request.raw, DRAIN_LIMIT_BYTES);
    return {
      csrf,
      upload: tooLarge
        ? new CommonException(CommonErrorCode.PAYLOAD_TOO_LARGE, `A font may be at most ${MAX_FONT_BYTES} bytes (10 MiB); nothing was kept`)
        : refuse('The upload was cut short or malformed; nothing was kept'),
    };
  }
  if (!bytes || bytes.length === 0) return { csrf, upload: refuse('Choose a font file (TTF, OTF, WOFF or WOFF2) to upload') };
  return { csrf, upload: { bytes, family } };
}
