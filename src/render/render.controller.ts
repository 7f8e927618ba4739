import { Body, Controller, Header, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { generateRequestSchema, RenderRequest } from './dto/render-request.schema';
import { RenderService } from './render.service';

@Controller('api')
export class RenderController {
  constructor(private readonly renders: RenderService) {}

  @Post('generate')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  async generate(
    @CurrentAccount() account: Account,
    @Body(new ZodValidationPipe(generateRequestSchema)) body: RenderRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const outcome = await this.renders.renderOwned(account, body);
    reply.headers(outcome.headers);
    return outcome.json;
  }
}
