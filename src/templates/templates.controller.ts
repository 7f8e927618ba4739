import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Patch, Post, UseInterceptors } from '@nestjs/common';
import { EditorSessionAccess } from '../accounts/auth/editor-session-access.decorator';
import { EditorSessionBindingInterceptor } from '../accounts/auth/editor-session-binding.interceptor';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { toTemplateResponse } from './dto/template-response';
import { createTemplateSchema, CreateTemplateInput, updateTemplateSchema, UpdateTemplateInput } from '../design/template.schema';
import { TemplatesService } from './templates.service';
import { NoBody } from '../common/http/route-flags';

@Controller('api/templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Post()
  @EditorSessionAccess('template:create')
  @UseInterceptors(EditorSessionBindingInterceptor)
  async create(@CurrentAccount() account: Account, @Body(new ZodValidationPipe(createTemplateSchema)) body: CreateTemplateInput) {
    return toTemplateResponse(await this.templates.create(account.id, body));
  }

  @Get()
  async list(@CurrentAccount() account: Account) {
    return { data: (await this.templates.list(account.id)).map(toTemplateResponse) };
  }

  @Get(':id')
  @EditorSessionAccess('template:read')
  async get(@CurrentAccount() account: Account, @Param('id') id: string) {
    return toTemplateResponse(await this.templates.getOwned(account.id, id));
  }

  @Patch(':id')
  @EditorSessionAccess('template:save')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateTemplateSchema)) body: UpdateTemplateInput,
    @Headers('if-match') ifMatch?: string,
  ) {
    return toTemplateResponse(await this.templates.update(account.id, id, body, ifMatch));
  }

  @Delete(':id')
  @NoBody()
  @HttpCode(204)
  async remove(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.templates.remove(account.id, id);
  }
}
