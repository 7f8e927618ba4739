import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import { EditorSessionAccess } from '../accounts/auth/editor-session-access.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { NoBody } from '../common/http/route-flags';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { AssetPage, AssetsService } from './assets.service';
import type { AssetResponse } from './dto/asset-response';
import { readAssetUpload } from './dto/asset-upload';
import { ListAssetsQuery, listAssetsQuerySchema } from './dto/list-assets.schema';

@Controller('api/assets')
export class AssetsController {
  constructor(private readonly assets: AssetsService) {}

  @Post()
  // An editor session may upload only with permissions.uploadAssets (§24); listing and deleting stay the account's.
  @EditorSessionAccess('uploadAssets')
  async upload(@CurrentAccount() account: Account, @Req() request: FastifyRequest): Promise<AssetResponse> {
    return this.assets.upload(account.id, await readAssetUpload(request));
  }

  @Get()
  list(@CurrentAccount() account: Account, @Query(new ZodValidationPipe(listAssetsQuerySchema)) query: ListAssetsQuery): Promise<AssetPage> {
    return this.assets.list(account.id, query);
  }

  @Delete(':id')
  @NoBody()
  @HttpCode(204)
  async remove(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.assets.remove(account.id, id);
  }
}
