import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import { EditorSessionAccess } from '../accounts/auth/editor-session-access.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { NoBody } from '../common/http/route-flags';
import { ZodValidationPipe } from '../common/validation/zod-validation.pipe';
import { AssetThumbnails } from './asset-thumbnails';
import { AssetPage, AssetsService } from './assets.service';
import type { AssetResponse } from './dto/asset-response';
import { readAssetUpload } from './dto/asset-upload';
import { ListAssetsQuery, listAssetsQuerySchema } from './dto/list-assets.schema';

@Controller('api/assets')
export class AssetsController {
  constructor(
    private readonly assets: AssetsService,
    private readonly thumbnails: AssetThumbnails,
  ) {}

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

  /** A small WebP of the asset for the studio's Assets panel (fetched with the API's credentials, shown as a blob). */
  @Get(':id/thumbnail')
  async thumbnail(@CurrentAccount() account: Account, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const bytes = await this.thumbnails.thumbnailOf(account.id, id);
    // private: only the owner may see it; the asset never changes, so a browser may keep it for a day.
    reply.type('image/webp').header('cache-control', 'private, max-age=86400').header('x-content-type-options', 'nosniff');
    return bytes;
  }

  @Delete(':id')
  @NoBody()
  @HttpCode(204)
  async remove(@CurrentAccount() account: Account, @Param('id') id: string): Promise<void> {
    await this.assets.remove(account.id, id);
  }
}
