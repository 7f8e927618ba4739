import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppException } from './common/errors/app-exception';
import { parseArguments } from './cli/cli-arguments';
import { APPLICATION_COMMANDS, COMMANDS, PartialFailure, UsageError } from './cli/cli-commands';
import { AppModule } from './app.module';
import { CliModule } from './cli/cli.module';
import { loadConfig } from './config/app-config';

/** `node dist/cli.js <command> [--flags]`: one JSON object on stdout, errors on stderr, exit 1. */
async function main(): Promise<void> {
  const { command, flags } = parseArguments(process.argv.slice(2));
  const run = command ? COMMANDS[command] : undefined;
  if (!run) throw new UsageError(`Usage: cli <${Object.keys(COMMANDS).join('|')}> [--flags]`);
  const config = loadConfig();
  const module = APPLICATION_COMMANDS.has(command!) ? AppModule.forRoot(config) : CliModule.forRoot(config);
  const context = await NestFactory.createApplicationContext(module, { logger: false, abortOnError: false });
  try {
    const result = await run(context, flags);
    if (result instanceof PartialFailure) {
      process.stdout.write(`${JSON.stringify(result.report)}\n`);
      for (const error of result.errors) process.stderr.write(`${JSON.stringify({ error })}\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
  } finally {
    await context.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof AppException || error instanceof UsageError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`${JSON.stringify({ error: message, ...(error instanceof AppException ? { code: error.code } : {}) })}\n`);
  process.exitCode = 1;
});
