import { Controller, Get, Headers, Param, Req, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import { Public } from '../accounts/auth/public.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { PublicRenderService } from './public-render.service';

const rawQuery = (request: FastifyRequest): string => {
  const index = request.url.indexOf('?');
  return index === -1 ? '' : request.url.slice(index + 1);
};

@Controller('api')
export class PublicRenderController {
  constructor(private readonly publicRenders: PublicRenderService) {}

  /** Image bytes for <img> and og:image tags; billed to the template's owner, never the caller. */
  @Public()
  @Get('render')
  async render(
    @Req() request: FastifyRequest,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    const answer = await this.publicRenders.render(rawQuery(request), ifNoneMatch, request.ip);
    reply.headers(answer.headers);
    if (answer.notModified) {
      reply.status(304);
      return undefined;
    }
    return new StreamableFile(answer.stream, { length: answer.size });
  }

  /** Same query form as GET /api/render, minus templateId (it is in the path); returns a ready URL. */
  @Get('templates/:id/url')
  async url(@CurrentAccount() account: Account, @Param('id') id: string, @Req() request: FastifyRequest) {
    const query = rawQuery(request);
    return this.publicRenders.buildUrl(account.id, id, `templateId=${encodeURIComponent(id)}${query ? `&${query}` : ''}`);
  }
}
