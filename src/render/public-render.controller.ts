import { Controller, Get, Headers, Param, Req, StreamableFile, UseInterceptors } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CurrentAccount } from '../accounts/auth/current-account.decorator';
import { Public } from '../accounts/auth/public.decorator';
import type { Account } from '../accounts/entities/account.entity';
import { PublicRenderService } from './public-render.service';
import { RenderMetricsInterceptor } from './render-metrics.interceptor';
import { RenderedAnswer } from './rendered-answer';

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
  @UseInterceptors(RenderMetricsInterceptor)
  async render(@Req() request: FastifyRequest, @Headers('if-none-match') ifNoneMatch: string | undefined): Promise<RenderedAnswer> {
    const answer = await this.publicRenders.render(rawQuery(request), ifNoneMatch, request.ip);
    const renders = [answer.record];
    if (answer.notModified) return new RenderedAnswer(undefined, answer.headers, renders, 304);
    return new RenderedAnswer(new StreamableFile(answer.stream, { length: answer.size }), answer.headers, renders);
  }

  /** Same query form as GET /api/render, minus templateId (it is in the path); returns a ready URL. */
  @Get('templates/:id/url')
  async url(@CurrentAccount() account: Account, @Param('id') id: string, @Req() request: FastifyRequest) {
    const query = rawQuery(request);
    return this.publicRenders.buildUrl(account.id, id, `templateId=${encodeURIComponent(id)}${query ? `&${query}` : ''}`);
  }
}
