import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { NoBody } from '../common/http/route-flags';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { CreateEditorSessionInput, createEditorSessionSchema } from './dto/create-editor-session.schema';
import { toEditorSessionResponse } from './dto/editor-session-response';
import { EditorSessionsService } from './editor-sessions.service';

/** §23: the customer's backend asks for an editor session and hands its `url` to its own page. */
@Controller('api/editor-sessions')
export class EditorSessionsController {
  constructor(private readonly sessions: EditorSessionsService) {}

  @Post()
  async create(@CurrentAccount() account: Account, @Body(new ZodValidationPipe(createEditorSessionSchema)) body: CreateEditorSessionInput) {
    const { session, url } = await this.sessions.create(account, body);
    return { id: session.id, url, expiresAt: session.expiresAt.toISOString() };
  }

  @Get()
  async list(@CurrentAccount() account: Account) {
    return { data: (await this.sessions.list(account.id)).map(toEditorSessionResponse) };
  }

  @Delete(':id')
  @NoBody()
  @HttpCode(204)
  async revoke(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.sessions.revoke(account.id, id);
  }
}
