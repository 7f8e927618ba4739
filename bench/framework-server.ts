// The framework's own ceiling for cached answers: NestJS on the same Fastify adapter as Pictor, one
// POST route that returns the cached answer's JSON, and nothing else (no auth, no database, no render
// plan). Pictor's cached answer cannot be faster than this.
import 'reflect-metadata';
import { Body, Controller, Header, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpAdapter, NEST_APPLICATION_OPTIONS } from '../src/app.factory';

const BODY = process.env.BARE_BODY!;

@Controller('api')
class FrameworkController {
  @Post('generate')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  generate(@Body() body: unknown): string {
    return typeof body === 'object' ? BODY : '';
  }
}

@Module({ controllers: [FrameworkController] })
class FrameworkModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(FrameworkModule, createHttpAdapter(), { ...NEST_APPLICATION_OPTIONS, logger: false });
  await app.listen(Number(process.env.BARE_PORT), '127.0.0.1');
  process.send?.('listening');
}

void main();
