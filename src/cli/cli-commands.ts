import type { INestApplicationContext } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { ApiKeysService } from '../accounts/api-keys.service';
import { createJobFromCsv, firstFailure } from './jobs-command';
import { TemplateFilesException } from '../template-files/template-files.exception';
import { TemplateFilesService } from '../template-files/template-files.service';

type Flags = Record<string, string | true>;
type Command = (context: INestApplicationContext, flags: Flags) => Promise<Record<string, unknown> | PartialFailure>;

export class UsageError extends Error {}

/** Commands that run the whole application (no HTTP server): jobs:create draws rows in this process. */
export const APPLICATION_COMMANDS: ReadonlySet<string> = new Set(['jobs:create']);

/** A command that did part of its work: its report still goes to stdout, its errors to stderr, and it exits non-zero. */
export class PartialFailure {
  constructor(
    readonly report: Record<string, unknown>,
    readonly errors: string[],
  ) {}
}

function text(flags: Flags, name: string, required: true): string;
function text(flags: Flags, name: string, required?: false): string | undefined;
function text(flags: Flags, name: string, required = false): string | undefined {
  const value = flags[name];
  if (value === true) throw new UsageError(`--${name} needs a value`);
  if (value === undefined && required) throw new UsageError(`--${name} is required`);
  return value;
}

function count(flags: Flags, name: string): number | undefined {
  const value = text(flags, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

/** Contract section 2: each prints exactly one JSON object. */
export const COMMANDS: Record<string, Command> = {
  'accounts:create': async (context, flags) => {
    const account = await context.get(AccountsService).create({
      email: text(flags, 'email', true),
      plan: text(flags, 'plan'),
      password: text(flags, 'password'),
    });
    const { plainKey } = await context.get(ApiKeysService).create(account.id, 'Default');
    return { accountId: account.id, apiKey: plainKey };
  },
  'accounts:set-plan': async (context, flags) => {
    const account = await context.get(AccountsService).setPlan(text(flags, 'account', true), text(flags, 'plan', true));
    return { accountId: account.id, plan: account.plan };
  },
  'accounts:set-limits': async (context, flags) => {
    const limits = flags.clear === true ? 'clear' : { monthly: count(flags, 'monthly'), perMinute: count(flags, 'per-minute') };
    const account = await context.get(AccountsService).setLimits(text(flags, 'account', true), limits);
    return { accountId: account.id, limits: { monthly: account.monthlyLimit, perMinute: account.perMinuteLimit } };
  },
  'accounts:set-password': async (context, flags) => {
    const account = await context.get(AccountsService).setPassword(text(flags, 'account', true), text(flags, 'password', true));
    return { accountId: account.id };
  },
  'api-keys:create': async (context, flags) => {
    const { apiKey, plainKey } = await context.get(ApiKeysService).create(text(flags, 'account', true), text(flags, 'name'));
    return { keyId: apiKey.id, apiKey: plainKey };
  },
  'api-keys:revoke': async (context, flags) => {
    const apiKey = await context.get(ApiKeysService).revoke(text(flags, 'key-id', true));
    return { keyId: apiKey.id, revoked: true };
  },
  'jobs:create': async (context, flags) => {
    const job = await createJobFromCsv(
      context,
      {
        account: text(flags, 'account', true),
        template: text(flags, 'template', true),
        csv: text(flags, 'csv', true),
        format: text(flags, 'format'),
        output: text(flags, 'output'),
      },
      process.stderr,
    );
    const report = { jobId: job.id, status: job.status, total: job.total, done: job.done, failed: job.failed, resultUrl: job.resultUrl };
    const errors = [
      ...(job.failed > 0
        ? [
            `${job.failed} of ${job.total} rows failed (first: ${await firstFailure(context, text(flags, 'account', true), job.id)}); GET /api/jobs/${job.id}/items lists them`,
          ]
        : []),
      ...(job.resultError ? [`no ${job.output} result: ${job.resultError.message}`] : []),
      ...(job.status === 'canceled' ? ['the job was canceled'] : []),
    ];
    return errors.length > 0 ? new PartialFailure(report, errors) : report;
  },
  'templates:export': async (context, flags) => {
    const report = await context.get(TemplateFilesService).export(text(flags, 'account', true), text(flags, 'dir', true));
    return { ...report };
  },
  'templates:import': async (context, flags) => {
    const accountId = text(flags, 'account', true);
    const dir = text(flags, 'dir', true);
    const report = await context
      .get(TemplateFilesService)
      .import(accountId, dir)
      .catch((error: unknown) => {
        // Nothing was imported: still one report on stdout, the reason on stderr.
        if (!(error instanceof TemplateFilesException)) throw error;
        return new PartialFailure({ accountId, dir, created: [], updated: [], unchanged: [], failed: [], error: error.code }, [error.message]);
      });
    if (report instanceof PartialFailure) return report;
    if (report.failed.length === 0) return { ...report };
    return new PartialFailure(
      { ...report },
      report.failed.map((failure) => `${failure.file}${failure.field ? ` (${failure.field})` : ''}: ${failure.error}`),
    );
  },
};
