import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { EditorSessionAccess } from '../accounts/auth/editor-session-access.decorator';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { Idempotent } from '../idempotency/idempotency.hooks';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { generateRequestSchema, RenderRequest } from './dto/render-request.schema';
import { DocumentService } from './document.service';
import { DocumentRequest, documentRequestSchema } from './dto/document-request.schema';
import { RenderBatchService } from './render-batch.service';
import { AnswersRender, jsonAnswer, RenderedAnswer } from './rendered-answer';
import { RenderService } from './render.service';

@Controller('api')
// Fastify hooks, not interceptors (see RouteHooks): a replayed answer is sent before the handler, so it never
// reaches the metrics (nothing was rendered).
@Idempotent()
@AnswersRender()
export class RenderController {
  constructor(
    private readonly renders: RenderService,
    private readonly batches: RenderBatchService,
    private readonly documents: DocumentService,
  ) {}

  @Post('generate')
  @EditorSessionAccess('template:render')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  async generate(@CurrentAccount() account: Account, @Body(new ZodValidationPipe(generateRequestSchema)) body: RenderRequest): Promise<RenderedAnswer> {
    return jsonAnswer(await this.renders.renderOwned(account, body));
  }

  /** Items are judged by the batch service, one by one, exactly as single requests would be. */
  @Post('generate/batch')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  async batch(@CurrentAccount() account: Account, @Body() body: unknown): Promise<RenderedAnswer> {
    return this.batches.render(account, body);
  }

  /** Several pages in one PDF (§21), billed one unit per page when drawn fresh. */
  @Post('generate/document')
  @HttpCode(200)
  @Header('Content-Type', 'application/json; charset=utf-8')
  async document(@CurrentAccount() account: Account, @Body(new ZodValidationPipe(documentRequestSchema)) body: DocumentRequest): Promise<RenderedAnswer> {
    return this.documents.generate(account, body);
  }
}
