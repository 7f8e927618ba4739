import { Body, Controller, Header, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { EditorSessionAccess } from '../accounts/auth/editor-session-access.decorator';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { PreviewRequest, previewRequestSchema } from './dto/preview-request.schema';
import { PreviewService } from './preview.service';

@Controller('api/templates/preview')
export class PreviewController {
  constructor(private readonly previews: PreviewService) {}

  @Post()
  @EditorSessionAccess('template:preview')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async preview(
    @CurrentAccount() account: Account,
    @Body(new ZodValidationPipe(previewRequestSchema)) body: PreviewRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const image = await this.previews.preview(account, body);
    reply.type(image.contentType);
    // §24: JSON percent-encoded, so any layer name or message travels in a header as ASCII.
    void reply.header('X-Render-Warnings', encodeURIComponent(JSON.stringify(image.warnings)));
    return image.bytes;
  }
}
