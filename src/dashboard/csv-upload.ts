import type { FastifyRequest } from 'fastify';
import { CommonErrorCode, CommonException } from '../common/errors/app-exception';
import { MAX_CSV_BYTES } from '../jobs/dto/job-upload';

const missing = () =>
  new CommonException(CommonErrorCode.VALIDATION_FAILED, 'file: required (the CSV in field "file")', { details: [{ path: 'file', message: 'required' }] });

/** The CSV of a Bulk create check: one multipart file in `file`, at most 10 MiB as for POST /api/jobs. */
export async function readCsvUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw missing();
  try {
    const part = await request.file({ limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 0 } });
    if (!part || part.fieldname !== 'file') throw missing();
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof CommonException) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new CommonException(CommonErrorCode.PAYLOAD_TOO_LARGE, `A CSV may be at most ${MAX_CSV_BYTES} bytes (10 MiB)`);
    throw new CommonException(CommonErrorCode.VALIDATION_FAILED, 'Malformed multipart body', { details: [{ path: '(body)', message: 'malformed' }] });
  }
}
