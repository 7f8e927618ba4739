import { z } from 'zod';
import { component } from '../common/openapi/components';
import { defineRouteDocs, errors } from '../common/openapi/route-doc';
import { RENDER_RESPONSE_EXAMPLE, renderWarningSchema } from '../render/render.openapi';
import { createJobSchema, listJobsQuerySchema } from './dto/create-job.schema';

component('JobRequest', createJobSchema, 'A bulk render: one render per row, each exactly as POST /api/generate with those overrides.');

const timestamp = z.iso.datetime();

/** POST /api/jobs as a CSV upload: the file, and the other fields as form fields. */
const csvJobSchema = component(
  'JobCsvUpload',
  z.strictObject({
    file: z
      .string()
      .describe(
        'The CSV (binary, UTF-8, a BOM allowed, at most 10 MiB and 10,000 rows): a header row naming each column `<layer>.<field>` ' +
          '(e.g. `title.text`, `avatar.imageUrl`), then one row per render; an empty cell is no override. Quotes and embedded newlines as RFC 4180.',
      ),
    templateId: z.string(),
    format: z.string().optional(),
    width: z.string().optional().describe('Decimal'),
    height: z.string().optional().describe('Decimal'),
    quality: z.string().optional().describe('Decimal'),
    output: z.string().optional(),
    webhookUrl: z.string().optional(),
    metadata: z.string().optional().describe('A JSON object, as text'),
  }),
);

export const jobSchema = component(
  'Job',
  z.strictObject({
    id: z.string().describe('`job_` + 20 base62 characters'),
    status: z.enum(['queued', 'running', 'completed', 'canceled']),
    templateId: z.string(),
    format: z.string(),
    output: z.string().describe('`images`: each item carries its image URL; `zip`: also one ZIP of every succeeded image at `resultUrl`'),
    total: z.number().int().min(1).describe('Rows in the job'),
    done: z.number().int().min(0).describe('Rows that succeeded (drawn or answered from the cache)'),
    failed: z.number().int().min(0).describe('Rows that ended in an error (their item carries its body)'),
    progress: z.number().min(0).max(1).describe('(done + failed) / total'),
    resultUrl: z
      .string()
      .nullable()
      .describe(
        'The one result file (`zip`: entries `<index zero-padded>.<ext>` of every succeeded row, in row order; `pdf`: a page per succeeded row, in row order), set when the job completes; ' +
          'null for `images`, while running, when canceled, or when the file could not be written or was deleted by retention (see `resultError`)',
      ),
    resultError: z
      .strictObject({
        code: z.enum(['storage_unavailable', 'result_image_missing', 'result_empty', 'result_failed', 'result_expired']),
        message: z.string(),
      })
      .nullable()
      .describe(
        'Why a completed `zip` or `pdf` job has no `resultUrl`: the file could not be written (the rows stay drawn, billed and listed in its items; `result_empty`: a `pdf` job none of whose rows succeeded), ' +
          'or retention (IMAGE_RETENTION) deleted it. An addition to §22 (issue 26).',
      ),
    metadata: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('The `metadata` object given at creation, or null. An addition to §22 (issue 26): kept and returned on the job and in its webhook.'),
    createdAt: timestamp,
    startedAt: timestamp.nullable().describe('When its first row was taken'),
    finishedAt: timestamp.nullable().describe('When it completed or was canceled'),
  }),
);

const itemErrorSchema = z
  .looseObject({ statusCode: z.number().int(), error: z.string(), message: z.string(), code: z.string() })
  .describe('The error body this row would have had as a single POST /api/generate (e.g. `validation_failed`, `quota_exceeded`)');

export const jobItemSchema = component(
  'JobItem',
  z.strictObject({
    index: z.number().int().min(0).describe('Row index, from 0'),
    status: z.enum(['pending', 'succeeded', 'failed']),
    imageUrl: z.string().nullable(),
    cached: z.boolean().describe('True when the row did not draw (an identical render existed)'),
    warnings: z.array(renderWarningSchema),
    error: itemErrorSchema.nullable(),
  }),
);

const JOB_EXAMPLE = {
  id: 'job_4fHq8ZkLmN2pR7sT1vXy',
  status: 'running',
  templateId: 'tpl_8hQ2xZ4kLmN7pR1s',
  format: 'png',
  output: 'images',
  total: 3,
  done: 1,
  failed: 0,
  progress: 0.3333333333333333,
  resultUrl: null,
  resultError: null,
  metadata: { campaign: 'spring' },
  createdAt: '2026-11-25T10:00:00.000Z',
  startedAt: '2026-11-25T10:00:00.120Z',
  finishedAt: null,
};

const jobParams = { id: z.string().describe('Job id (`job_…`)') };

export const jobsRouteDocs = defineRouteDocs([
  {
    method: 'post',
    path: '/api/jobs',
    operationId: 'createJob',
    tag: 'Jobs',
    summary: 'Start a bulk render',
    description:
      'Validates the whole request before creating anything: the body (400 `validation_failed`), `webhookUrl` as §9 (400s), the template ' +
      '(404 `template_not_found`), then every row against it (a layer or field the template lacks is a 400 naming `rows.<i>.<layer>[.<field>]`). ' +
      'Each row then renders exactly like POST /api/generate (cached, single-flighted, one unit of the monthly quota per fresh row, never the ' +
      'per-minute limit). A CSV upload (multipart/form-data) that does not parse is a 400 `csv_invalid` naming the line; a row whose values fail validation or whose render is refused is a failed item, and the others go on. At most ' +
      '`JOB_CONCURRENCY_PER_ACCOUNT` rows of an account draw at once. Optional `metadata` (≤ 4 KiB of JSON) is an addition to §22 (issue 26).',
    body: {
      schema: createJobSchema,
      alternatives: [{ mediaType: 'multipart/form-data', schema: csvJobSchema }],
      examples: {
        rows: { templateId: 'tpl_8hQ2xZ4kLmN7pR1s', rows: [{ title: { text: 'Ada' } }, { title: { text: 'Grace' } }], metadata: { campaign: 'spring' } },
      },
    },
    responses: {
      202: {
        description: 'Created and queued',
        schema: jobSchema,
        headers: ['Location'],
        examples: { queued: { ...JOB_EXAMPLE, status: 'queued', done: 0, progress: 0, startedAt: null } },
      },
      ...errors({
        400: ['validation_failed', 'csv_invalid', 'webhook_url_invalid', 'webhook_url_forbidden', 'webhook_secret_missing'],
        404: ['template_not_found'],
      }),
    },
  },
  {
    method: 'get',
    path: '/api/jobs',
    operationId: 'listJobs',
    tag: 'Jobs',
    summary: "The account's jobs, newest first",
    query: listJobsQuerySchema.shape,
    responses: {
      200: {
        description: 'A page of jobs; pass `nextCursor` as `cursor` for the next (null on the last page)',
        schema: component('JobList', z.strictObject({ data: z.array(jobSchema), nextCursor: z.string().nullable() })),
        examples: { one: { data: [JOB_EXAMPLE], nextCursor: null } },
      },
      ...errors({ 400: ['validation_failed'] }),
    },
  },
  {
    method: 'get',
    path: '/api/jobs/:id',
    operationId: 'getJob',
    tag: 'Jobs',
    summary: 'One job and its progress',
    params: jobParams,
    responses: { 200: { description: 'The job', schema: jobSchema, examples: { running: JOB_EXAMPLE } }, ...errors({ 404: ['job_not_found'] }) },
  },
  {
    method: 'get',
    path: '/api/jobs/:id/items',
    operationId: 'listJobItems',
    tag: 'Jobs',
    summary: "A job's rows, in order, 100 a page",
    params: jobParams,
    query: { cursor: listJobsQuerySchema.shape.cursor },
    responses: {
      200: {
        description: 'A page of rows; pass `nextCursor` as `cursor` for the next (null on the last page)',
        schema: component('JobItemList', z.strictObject({ data: z.array(jobItemSchema), nextCursor: z.string().nullable() })),
        examples: {
          one: {
            data: [{ index: 0, status: 'succeeded', imageUrl: RENDER_RESPONSE_EXAMPLE.imageUrl, cached: false, warnings: [], error: null }],
            nextCursor: null,
          },
        },
      },
      ...errors({ 400: ['validation_failed'], 404: ['job_not_found'] }),
    },
  },
  {
    method: 'delete',
    path: '/api/jobs/:id',
    operationId: 'cancelJob',
    tag: 'Jobs',
    summary: 'Cancel a job',
    description:
      'Rows not yet started are never drawn nor billed (they stay `pending`); rows drawing now finish. The job ends `canceled` and its ' +
      '`webhookUrl` receives `{"event":"job.canceled","job":…}`. Canceling a job that already ended answers it unchanged.',
    params: jobParams,
    responses: {
      200: {
        description: 'The job',
        schema: jobSchema,
        examples: { canceled: { ...JOB_EXAMPLE, status: 'canceled', finishedAt: '2026-11-25T10:00:02.000Z' } },
      },
      ...errors({ 404: ['job_not_found'] }),
    },
  },
]);
