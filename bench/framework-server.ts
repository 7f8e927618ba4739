// The framework's own ceiling for cached answers: NestJS on the same Fastify adapter as Pictor, one
// POST route with the same shape as Pictor's (a global bearer guard, one interceptor that records a
// counter and sets headers, a handler returning the cached answer's JSON), and nothing else (no
// database, no render plan). Pictor's cached answer cannot be faster than this.
// With FRAMEWORK_FRESH=on it is the framework's fresh-render ceiling: the same route, guard and interceptor, its
// handler drawing each request as the HTTP ceiling does (render-ceiling.js). Pictor's fresh render pays at least this.
import 'reflect-metadata';
import {
  Body,
  CallHandler,
  CanActivate,
  Controller,
  ExecutionContext,
  Header,
  HttpCode,
  Injectable,
  Module,
  NestInterceptor,
  Post,
  UnauthorizedException,
  UseInterceptors,
} from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Registry } from 'prom-client';
import { map, Observable } from 'rxjs';
import { createHttpAdapter, NEST_APPLICATION_OPTIONS } from '../src/app.factory';

const BODY = process.env.BARE_BODY!;

/** Any well-formed bearer token is "known" (a Map lookup, as Pictor's remembered keys are). */
@Injectable()
class BearerGuard implements CanActivate {
  private readonly known = new Map<string, { accountId: string }>();

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest & { principal?: unknown }>();
    const match = /^Bearer ([^\s]+)$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new UnauthorizedException();
    let principal = this.known.get(match[1]);
    if (!principal) this.known.set(match[1], (principal = { accountId: 'bench' }));
    request.principal = principal;
    return true;
  }
}

const registry = new Registry();
const answers = new Counter({ name: 'answers_total', help: 'answers', labelNames: ['result'] as const, registers: [registry] });

@Injectable()
class AnswerInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler<{ body: string; headers: Record<string, string> }>): Observable<string> {
    return next.handle().pipe(
      map((answer) => {
        answers.inc({ result: 'hit' });
        context.switchToHttp().getResponse<FastifyReply>().headers(answer.headers);
        return answer.body;
      }),
    );
  }
}

@Controller('api')
@UseInterceptors(AnswerInterceptor)
class FrameworkController {
  @Post('generate')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  generate(@Body() body: unknown): Promise<{ body: string; headers: Record<string, string> }> {
    return Promise.resolve({ body: typeof body === 'object' ? BODY : '', headers: { 'X-Cache': 'HIT' } });
  }
}

interface CeilingRenderer {
  generate(body: unknown): Promise<string>;
}

/** The HTTP ceiling's drawing (plain JavaScript, shared with bare-render-server.js). */
function ceilingRenderer(): CeilingRenderer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createCeilingRenderer } = require('./render-ceiling') as { createCeilingRenderer: (designs: unknown, threads: number) => CeilingRenderer };
  return createCeilingRenderer(JSON.parse(process.env.BARE_DESIGNS!), Number(process.env.BARE_THREADS));
}

/** Fresh renders (FRAMEWORK_FRESH=on): the handler draws each request in the raw pool, as the HTTP ceiling does. */
@Controller('api')
@UseInterceptors(AnswerInterceptor)
class FreshFrameworkController {
  private readonly renderer = ceilingRenderer();

  @Post('generate')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  async generate(@Body() body: unknown): Promise<{ body: string; headers: Record<string, string> }> {
    return { body: await this.renderer.generate(body), headers: { 'X-Cache': 'MISS' } };
  }
}

/** The same route without the interceptor (FRAMEWORK_INTERCEPTOR=off): what the interceptor itself costs. */
@Controller('api')
class BareFrameworkController {
  @Post('generate')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  @Header('X-Cache', 'HIT')
  generate(@Body() body: unknown): Promise<string> {
    answers.inc({ result: 'hit' });
    return Promise.resolve(typeof body === 'object' ? BODY : '');
  }
}

@Module({
  controllers: [
    process.env.FRAMEWORK_FRESH === 'on'
      ? FreshFrameworkController
      : process.env.FRAMEWORK_INTERCEPTOR === 'off'
        ? BareFrameworkController
        : FrameworkController,
  ],
  providers: [{ provide: APP_GUARD, useClass: BearerGuard }],
})
class FrameworkModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(FrameworkModule, createHttpAdapter(), { ...NEST_APPLICATION_OPTIONS, logger: false });
  await app.listen(Number(process.env.BARE_PORT), '127.0.0.1');
  process.send?.('listening');
}

void main();
