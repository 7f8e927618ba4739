import { z } from 'zod';
import { cursorPageQuerySchema, type CursorPageQuery } from '../../common/validation/cursor-page-query.schema';
import { MAX_DIMENSION } from '../../design/layer-fields';
import { outputFormatSchema } from '../../design/output-formats';

export const MAX_JOB_ROWS = 10_000;
export const MAX_METADATA_BYTES = 4096;
/** What a job ends with: each output but `images` has a result composer (results/). */
export const JOB_OUTPUTS = ['images', 'zip', 'pdf'] as const;

const dimension = z.number().int().min(1).max(MAX_DIMENSION);

/** One row: layer name → overrides. Each row's values are judged when it runs (a bad one is a failed item). */
const rowSchema = z
  .record(z.string().min(1).max(100), z.record(z.string(), z.unknown()))
  .describe('Layer overrides of one render, as `layers` in POST /api/generate. Every layer and field named must exist in the template.');

/**
 * POST /api/jobs (JSON). The service reads `rows` and `metadata` from the raw body once this passed: zod's
 * record would drop a `__proto__` key, and names are data (§20).
 */
export const createJobSchema = z.strictObject({
  templateId: z.string().min(1).max(64),
  rows: z.array(rowSchema).min(1).max(MAX_JOB_ROWS),
  format: outputFormatSchema
    .optional()
    .describe('Each row\'s format, as in POST /api/generate (default `png`); with `output: "pdf"` it must be `pdf` or omitted'),
  width: dimension.optional(),
  height: dimension.optional(),
  quality: z.number().int().min(1).max(100).optional(),
  output: z
    .enum(JOB_OUTPUTS)
    .default('images')
    .describe(
      "`images`: the items carry their URLs; `zip`: also one ZIP of every succeeded image at the job's `resultUrl`; " +
        '`pdf`: each row drawn as a one-page PDF, and one PDF of them all (a page per succeeded row, in row order) at `resultUrl`',
    ),
  webhookUrl: z
    .string()
    .max(2048)
    .nullable()
    .optional()
    .describe('Receives one signed POST `{"event":"job.completed"|"job.canceled","job":…}` when the job ends (rules of §9)'),
  metadata: z
    .record(z.string(), z.unknown())
    .refine((value) => Buffer.byteLength(JSON.stringify(value)) <= MAX_METADATA_BYTES, `must be at most ${MAX_METADATA_BYTES} bytes of JSON`)
    .optional()
    .describe('Your own data (a JSON object of at most 4 KiB), kept and returned on the job and in its webhook. An addition to §22 (issue 26).'),
});

/** The body as the service judges it: `format` must suit `output` (§22: a `pdf` job's rows are PDFs). */
export const createJobRequestSchema = createJobSchema.superRefine((request, context) => {
  if (request.output === 'pdf' && request.format !== undefined && request.format !== 'pdf')
    context.addIssue({ code: 'custom', path: ['format'], message: 'must be "pdf" or omitted when output is "pdf"' });
});

export type CreateJobRequest = z.output<typeof createJobSchema>;

/** The rows' format: as given, else `pdf` for a `pdf` job and `png` otherwise. */
export const jobFormat = (request: CreateJobRequest) => request.format ?? (request.output === 'pdf' ? 'pdf' : 'png');

export const listJobsQuerySchema = cursorPageQuerySchema;
export type ListJobsQuery = CursorPageQuery;
