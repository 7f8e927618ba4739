import type { FastifyRequest } from 'fastify';
import { CommonErrorCode, CommonException } from '../../common/errors/app-exception';
import { csvRows, CsvRows } from '../csv-rows';

export const MAX_CSV_BYTES = 10 * 1024 * 1024;

/** The request fields besides `file`, as form fields (numbers in decimal, `metadata` as JSON text). */
const FORM_FIELDS = new Set(['templateId', 'format', 'width', 'height', 'quality', 'output', 'webhookUrl', 'metadata']);
const NUMERIC_FIELDS = new Set(['width', 'height', 'quality']);

/** What POST /api/jobs was given: a JSON body, or a CSV upload turned into one (with its columns). */
export interface JobInput {
  body: unknown;
  csvColumns: CsvRows['columns'] | null;
}

const malformed = (message: string) => new CommonException(CommonErrorCode.VALIDATION_FAILED, message, { details: [{ path: '(body)', message }] });

function formValue(name: string, value: string): unknown {
  if (NUMERIC_FIELDS.has(name) && /^\d{1,6}$/.test(value)) return Number(value);
  if (name !== 'metadata') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new CommonException(CommonErrorCode.VALIDATION_FAILED, 'metadata: must be a JSON object', {
      details: [{ path: 'metadata', message: 'must be a JSON object' }],
    });
  }
}

/** JSON as it came, or multipart/form-data with the CSV in `file` (≤ 10 MiB, ≤ 10,000 rows) and the other fields as form fields. */
export async function readJobInput(request: FastifyRequest): Promise<JobInput> {
  if (!request.isMultipart()) return { body: request.body, csvColumns: null };
  let file: Buffer | undefined;
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: FORM_FIELDS.size, parts: FORM_FIELDS.size + 1, fieldSize: 8 * 1024 },
    })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname !== 'file') throw malformed(`${part.fieldname}: unknown file field (the CSV goes in "file")`);
        file = content;
      } else {
        if (!FORM_FIELDS.has(part.fieldname)) throw malformed(`${part.fieldname}: unknown field`);
        if (part.valueTruncated) throw malformed(`${part.fieldname}: too long`);
        fields[part.fieldname] = formValue(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    if (error instanceof CommonException) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new CommonException(CommonErrorCode.PAYLOAD_TOO_LARGE, `A CSV may be at most ${MAX_CSV_BYTES} bytes (10 MiB)`);
    throw malformed(
      code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT'
        ? 'Too many parts in the multipart body'
        : 'Malformed multipart body',
    );
  }
  if (!file)
    throw new CommonException(CommonErrorCode.VALIDATION_FAILED, 'file: required (the CSV in field "file")', {
      details: [{ path: 'file', message: 'required' }],
    });
  const { rows, columns } = csvRows(file);
  return { body: { ...fields, rows }, csvColumns: columns };
}
