import type { FastifyRequest } from 'fastify';
import { CommonErrorCode, CommonException } from '../../common/errors/app-exception';
import { AssetsException } from '../assets.exception';

export const MAX_ASSET_BYTES = 10 * 1024 * 1024;

const malformed = (message: string) =>
  new CommonException(CommonErrorCode.VALIDATION_FAILED, message, { details: [{ path: '(body)', message: message.toLowerCase() }] });

/** Reads `multipart/form-data` with the image in field `file` (§24), at most 10 MiB. */
export async function readAssetUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new CommonException(CommonErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Upload the image as multipart/form-data with the file in field "file"');
  }
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_ASSET_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'file') bytes = content;
      }
    }
  } catch (error) {
    if (error instanceof CommonException) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new CommonException(CommonErrorCode.PAYLOAD_TOO_LARGE, `An asset may be at most ${MAX_ASSET_BYTES} bytes (10 MiB)`);
    throw malformed(
      code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT'
        ? 'Too many parts in the multipart body'
        : 'Malformed multipart body',
    );
  }
  if (!bytes) {
    throw new CommonException(CommonErrorCode.VALIDATION_FAILED, 'file: required (the image in field "file")', {
      details: [{ path: 'file', message: 'required' }],
    });
  }
  if (bytes.length === 0) throw AssetsException.invalid('the file is empty');
  return bytes;
}
