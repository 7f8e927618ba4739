import { Injectable } from '@nestjs/common';
import type { Account } from '../accounts/entities/account.entity';
import { Clock } from '../common/clock/clock';
import { CommonErrorCode, CommonException } from '../common/errors/app-exception';
import { newId } from '../common/ids';
import { parseOrThrow, ValidationDetail } from '../common/validation/zod-validation.pipe';
import { OVERRIDABLE, type LayerTypeName } from '../design/layer-registry';
import type { Template } from '../templates/entities/template.entity';
import { TemplatesService } from '../templates/templates.service';
import { HookRenderService } from '../webhooks/hook-render.service';
import { createJobRequestSchema, jobFormat, ListJobsQuery } from './dto/create-job.schema';
import type { JobInput } from './dto/job-upload';
import { JobItemResponse, JobResponse, toJobItemResponse, toJobResponse } from './dto/job-response';
import type { Job } from './entities/job.entity';
import { JobDispatcher } from './job-dispatcher';
import { JobItemsRepository } from './job-items.repository';
import { JobNotifier } from './job-notifier.service';
import { JobsRepository } from './jobs.repository';
import { JobsException } from './jobs.exception';
import { JobResultsService } from './results/job-results.service';

const DEFAULT_PAGE = 50;
const ITEMS_PAGE = 100;
/** Enough issues to fix a spreadsheet by; the rest are the same mistake again. */
const MAX_DETAILS = 20;

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/** The jobs API (§22): creation that validates everything before writing anything, reading, and cancel. */
@Injectable()
export class JobsService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly items: JobItemsRepository,
    private readonly templates: TemplatesService,
    private readonly hooks: HookRenderService,
    private readonly dispatcher: JobDispatcher,
    private readonly notifier: JobNotifier,
    private readonly results: JobResultsService,
    private readonly clock: Clock,
  ) {}

  /** Order of checks as §9: body (400), webhookUrl (400s), template (404), rows against the template (400). */
  async create(account: Account, { body, csvColumns }: JobInput): Promise<JobResponse> {
    const request = parseOrThrow(createJobRequestSchema, body);
    // Rows and metadata as sent (see createJobSchema): a `__proto__` layer name stays a name.
    const raw = body as { rows: Array<Record<string, Record<string, unknown>>>; metadata?: Record<string, unknown> };
    if (request.webhookUrl !== undefined && request.webhookUrl !== null) await this.hooks.checkWebhook(account, request.webhookUrl);
    const template = await this.templates.getOwned(account.id, request.templateId);
    if (csvColumns) checkColumns(template, csvColumns);
    checkRows(template, raw.rows);
    await this.dispatcher.admit();
    const job: Job = {
      id: newId('job'),
      accountId: account.id,
      templateId: template.id,
      status: 'queued',
      format: jobFormat(request),
      output: request.output,
      width: request.width ?? null,
      height: request.height ?? null,
      quality: request.quality ?? null,
      total: raw.rows.length,
      webhookUrl: request.webhookUrl ?? null,
      metadata: raw.metadata ?? null,
      createdAt: this.clock.now(),
      startedAt: null,
      finishedAt: null,
    };
    await this.jobs.insert({ job, rows: raw.rows.map((row) => JSON.stringify(row)) });
    await this.dispatcher.dispatch(job);
    return toJobResponse(job, { succeeded: 0, failed: 0 });
  }

  async list(account: Account, query: ListJobsQuery): Promise<Page<JobResponse>> {
    const limit = query.limit ?? DEFAULT_PAGE;
    const jobs = await this.jobs.list(account.id, query.cursor === undefined ? null : decodeJobCursor(query.cursor), limit + 1);
    const page = jobs.slice(0, limit);
    const ids = page.map((job) => job.id);
    const [counts, results] = await Promise.all([this.items.counts(ids), this.results.views(ids)]);
    const last = page.at(-1);
    return {
      data: page.map((job) => toJobResponse(job, counts.get(job.id)!, results.get(job.id))),
      nextCursor: jobs.length > limit && last ? encodeJobCursor(last) : null,
    };
  }

  async get(account: Account, id: string): Promise<JobResponse> {
    return this.view(await this.owned(account, id));
  }

  async listItems(account: Account, id: string, cursor: string | undefined): Promise<Page<JobItemResponse>> {
    const job = await this.owned(account, id);
    const from = cursor === undefined ? 0 : decodeItemCursor(cursor);
    const items = await this.items.page(job.id, from, ITEMS_PAGE + 1);
    const page = items.slice(0, ITEMS_PAGE);
    return { data: page.map(toJobItemResponse), nextCursor: items.length > ITEMS_PAGE ? String(items[ITEMS_PAGE].index) : null };
  }

  /** Rows not yet claimed are never drawn; rows drawing now finish. Canceling an ended job changes nothing. */
  async cancel(account: Account, id: string): Promise<JobResponse> {
    const job = await this.owned(account, id);
    if (!(await this.jobs.cancel(job.id, this.clock.now()))) return this.view(job);
    const canceled = (await this.jobs.findById(job.id)) ?? job;
    await this.notifier.jobEnded(canceled);
    return this.view(canceled);
  }

  private async owned(account: Account, id: string): Promise<Job> {
    const job = await this.jobs.findOwned(account.id, id);
    if (!job) throw JobsException.notFound(id);
    return job;
  }

  private async view(job: Job): Promise<JobResponse> {
    const [counts, results] = await Promise.all([this.items.counts([job.id]), this.results.views([job.id])]);
    return toJobResponse(job, counts.get(job.id)!, results.get(job.id));
  }
}

/** Finds the layers and fields a row or a CSV column names that the template lacks (names are data: a Map). */
class OverrideChecker {
  readonly details: ValidationDetail[] = [];
  private readonly types: Map<string, LayerTypeName>;

  constructor(template: Template) {
    this.types = new Map(template.layers.map((layer) => [layer.name, layer.type]));
  }

  check(path: string, layer: string, fields: readonly string[]): void {
    const type = this.types.get(layer);
    if (type === undefined) {
      this.details.push({ path: `${path}.${layer}`, message: `the template has no layer "${layer}"` });
      return;
    }
    for (const field of fields) {
      if (!OVERRIDABLE[type].has(field))
        this.details.push({ path: `${path}.${layer}.${field}`, message: `a ${type} layer has no overridable field "${field}"` });
    }
  }

  /** 400 listing the first problems, if any. */
  refuse(): void {
    if (this.details.length === 0) return;
    const shown = this.details.slice(0, MAX_DETAILS);
    throw new CommonException(CommonErrorCode.VALIDATION_FAILED, shown.map((detail) => `${detail.path}: ${detail.message}`).join('; '), { details: shown });
  }
}

/** Every layer a row names must be in the template, and every field one its type lets a request override. */
function checkRows(template: Template, rows: ReadonlyArray<Record<string, Record<string, unknown>>>): void {
  const checker = new OverrideChecker(template);
  rows.forEach((row, index) => {
    for (const [name, override] of Object.entries(row)) checker.check(`rows.${index}`, name, Object.keys(override));
  });
  checker.refuse();
}

/** A CSV's every column, even one whose cells are all empty, must name a layer and a field it has. */
function checkColumns(template: Template, columns: ReadonlyArray<{ layer: string; field: string }>): void {
  const checker = new OverrideChecker(template);
  for (const { layer, field } of columns) checker.check('file', layer, [field]);
  checker.refuse();
}

const invalidCursor = () =>
  new CommonException(CommonErrorCode.VALIDATION_FAILED, 'cursor: is not a cursor this API gave', { details: [{ path: 'cursor', message: 'invalid' }] });

function encodeJobCursor(job: Job): string {
  return Buffer.from(`${job.createdAt.getTime()}.${job.id}`, 'utf8').toString('base64url');
}

function decodeJobCursor(cursor: string): { createdAt: Date; id: string } {
  const match = /^(\d{1,15})\.(job_[0-9A-Za-z]{1,40})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw invalidCursor();
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}

function decodeItemCursor(cursor: string): number {
  if (!/^\d{1,5}$/.test(cursor)) throw invalidCursor();
  return Number(cursor);
}
