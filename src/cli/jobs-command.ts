import type { INestApplicationContext } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { AccountsService } from '../accounts/accounts.service';
import type { JobResponse } from '../jobs/dto/job-response';
import { csvRows } from '../jobs/csv-rows';
import { JobsService } from '../jobs/jobs.service';

/** How often the command looks at its job. */
const POLL_MS = 500;
const BAR_WIDTH = 30;

/** What the terminal sees of a job (stderr: stdout carries the one JSON object of §2). */
export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

/** One line: a bar, the share finished, and the counts. */
export function progressLine(job: Pick<JobResponse, 'id' | 'status' | 'progress' | 'done' | 'failed' | 'total'>): string {
  const filled = Math.round(job.progress * BAR_WIDTH);
  const percent = String(Math.floor(job.progress * 100)).padStart(3);
  return `${job.id} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}% ${job.done} done, ${job.failed} failed of ${job.total} (${job.status})`;
}

/**
 * Draws a job's progress: on a terminal one line redrawn in place; otherwise (a log, a pipe) a plain line each time
 * the finished rows change, so a CI log shows progress without control characters.
 */
export class ProgressReporter {
  private last = '';

  constructor(private readonly output: ProgressOutput) {}

  show(job: JobResponse): void {
    const line = progressLine(job);
    if (line === this.last) return;
    this.last = line;
    if (this.output.isTTY) this.output.write(`\r\u001b[2K${line}`);
    else this.output.write(`${line}\n`);
  }

  end(): void {
    if (this.output.isTTY && this.last) this.output.write('\n');
  }
}

/**
 * `jobs:create --account ID --template ID --csv FILE [--format F] [--output images|zip]`: the CSV checked and
 * the job created exactly as POST /api/jobs would (same parser, same validation, 4xx errors as its codes), then
 * followed to its end. This process runs rows too (it is an instance of the engine on the same database), so the
 * command works whether or not a server is running; if it is stopped, the job goes on in any instance.
 */
export async function createJobFromCsv(
  context: INestApplicationContext,
  options: { account: string; template: string; csv: string; format?: string; output?: string },
  progress: ProgressOutput,
): Promise<JobResponse> {
  const account = await context.get(AccountsService).get(options.account);
  const { rows, columns } = csvRows(await readFile(options.csv));
  const body = {
    templateId: options.template,
    rows,
    ...(options.format === undefined ? {} : { format: options.format }),
    ...(options.output === undefined ? {} : { output: options.output }),
  };
  const jobs = context.get(JobsService);
  let job = await jobs.create(account, { body, csvColumns: columns });
  const reporter = new ProgressReporter(progress);
  reporter.show(job);
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    job = await jobs.get(account, job.id);
    reporter.show(job);
  }
  reporter.end();
  return job;
}

/** The first failed row's error, to say on stderr what went wrong (the rest are in GET /api/jobs/:id/items). */
export async function firstFailure(context: INestApplicationContext, accountId: string, jobId: string): Promise<string | null> {
  const account = await context.get(AccountsService).get(accountId);
  const page = await context.get(JobsService).listItems(account, jobId, undefined);
  const failed = page.data.find((item) => item.status === 'failed');
  return failed?.error ? `row ${failed.index}: ${String(failed.error.code)}: ${String(failed.error.message)}` : null;
}
