import type { FastifyRequest } from 'fastify';
import { CommonErrorCode, CommonException } from '../../common/errors/app-exception';
import { FontsException } from '../fonts.exception';

export const MAX_FONT_BYTES = 10 * 1024 * 1024;
export const MAX_FAMILY_LENGTH = 200;

export const FONT_UPLOAD_LIMITS = { fileSize: MAX_FONT_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 64 * 1024 };

export interface FontUpload {
  bytes: Buffer;
  /** The `family` form field, when given (checked by validateFamily). */
  family?: string;
}

/** A family name a template can name: 1–200 characters after trimming, no control characters. */
export function validateFamily(family: string, source: 'field' | 'font'): string {
  const trimmed = family.trim();
  const where = source === 'field' ? 'family' : 'family (from the font’s name table; give a `family` field)';
  const fail = (message: string) => new CommonException(CommonErrorCode.VALIDATION_FAILED, `${where}: ${message}`, { details: [{ path: 'family', message }] });
  if (trimmed.length === 0) throw fail('must not be empty');
  if ([...trimmed].length > MAX_FAMILY_LENGTH) throw fail(`must be at most ${MAX_FAMILY_LENGTH} characters`);
  if (/\p{Cc}/u.test(trimmed)) throw fail('must not contain control characters');
  return trimmed;
}

/** Reads `multipart/form-data` with the file in `file` and an optional `family` text field (§14). */
export async function readFontUpload(request: FastifyRequest): Promise<FontUpload> {
  if (!request.isMultipart()) {
    throw new CommonException(CommonErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Upload the font as multipart/form-data with the file in field "file"');
  }
  let bytes: Buffer | undefined;
  let family: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file') bytes = content;
      } else if (part.fieldname === 'family') {
        if (part.valueTruncated) throw new CommonException(CommonErrorCode.VALIDATION_FAILED, `family: must be at most ${MAX_FAMILY_LENGTH} characters`);
        family = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof CommonException) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new CommonException(CommonErrorCode.PAYLOAD_TOO_LARGE, `A font may be at most ${MAX_FONT_BYTES} bytes (10 MiB)`);
    }
    throw new CommonException(CommonErrorCode.VALIDATION_FAILED, 'Malformed multipart body', {
      details: [{ path: '(body)', message: 'malformed multipart body' }],
    });
  }
  if (!bytes) {
    throw new CommonException(CommonErrorCode.VALIDATION_FAILED, 'file: required (the font file in field "file")', {
      details: [{ path: 'file', message: 'required' }],
    });
  }
  if (bytes.length === 0) throw FontsException.invalid('the file is empty');
  return { bytes, family };
}
