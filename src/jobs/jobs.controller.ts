import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { Idempotent } from '../idempotency/idempotency.hooks';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { ListJobsQuery, listJobsQuerySchema } from './dto/create-job.schema';
import { readJobInput } from './dto/job-upload';
import type { JobItemResponse, JobResponse } from './dto/job-response';
import { JobsService, Page } from './jobs.service';

@Controller('api/jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  /** JSON, or a CSV upload (multipart); the body is judged by the service (it needs the raw rows; see createJobSchema). */
  @Post()
  @HttpCode(202)
  @Idempotent()
  async create(@CurrentAccount() account: Account, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<JobResponse> {
    const job = await this.jobs.create(account, await readJobInput(request));
    void reply.header('Location', `/api/jobs/${job.id}`);
    return job;
  }

  @Get()
  list(@CurrentAccount() account: Account, @Query(new ZodValidationPipe(listJobsQuerySchema)) query: ListJobsQuery): Promise<Page<JobResponse>> {
    return this.jobs.list(account, query);
  }

  @Get(':id')
  get(@CurrentAccount() account: Account, @Param('id') id: string): Promise<JobResponse> {
    return this.jobs.get(account, id);
  }

  @Get(':id/items')
  items(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(listJobsQuerySchema.pick({ cursor: true }))) query: Pick<ListJobsQuery, 'cursor'>,
  ): Promise<Page<JobItemResponse>> {
    return this.jobs.listItems(account, id, query.cursor);
  }

  @Delete(':id')
  cancel(@CurrentAccount() account: Account, @Param('id') id: string): Promise<JobResponse> {
    return this.jobs.cancel(account, id);
  }
}
