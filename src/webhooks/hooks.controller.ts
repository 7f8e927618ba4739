import { Body, Controller, Header, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { Idempotent } from '../idempotency/idempotency.hooks';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { HookRenderRequest, hookRenderRequestSchema } from '../render/dto/render-request.schema';
import { AnswersRender, jsonAnswer, RenderedAnswer } from '../render/rendered-answer';
import { HookRenderService } from './hook-render.service';
import { deferDelivery } from './pending-delivery';

@Controller('api/hooks')
export class HooksController {
  constructor(private readonly hooks: HookRenderService) {}

  /** Answers synchronously; the delivery is released once this answer has gone out (see WebhooksModule). */
  @Post('render')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  @Idempotent()
  @AnswersRender()
  async render(
    @CurrentAccount() account: Account,
    @Body(new ZodValidationPipe(hookRenderRequestSchema)) body: HookRenderRequest,
    @Req() request: FastifyRequest,
  ): Promise<RenderedAnswer> {
    const { outcome, delivery } = await this.hooks.render(account, body);
    if (delivery) deferDelivery(request, delivery);
    return jsonAnswer(outcome);
  }
}
