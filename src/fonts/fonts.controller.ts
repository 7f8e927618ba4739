import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { EditorSessionAccess } from '../accounts/auth/editor-session-access.decorator';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { toFontListResponse, toFontResponse } from './dto/font-response';
import { readFontUpload } from './dto/font-upload';
import { FontsService } from './fonts.service';
import { NoBody } from '../common/http/route-flags';

@Controller('api/fonts')
export class FontsController {
  constructor(private readonly fonts: FontsService) {}

  @Post()
  @EditorSessionAccess('uploadFonts')
  async upload(@CurrentAccount() account: Account, @Req() request: FastifyRequest) {
    return toFontResponse(await this.fonts.upload(account.id, await readFontUpload(request)));
  }

  @Get()
  @EditorSessionAccess('fonts:list')
  async list(@CurrentAccount() account: Account) {
    return toFontListResponse(await this.fonts.facesOf(account.id));
  }

  @Delete(':id')
  @NoBody()
  @HttpCode(204)
  async remove(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.fonts.remove(account.id, id);
  }
}
