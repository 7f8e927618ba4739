import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../accounts/auth/public.decorator';
import { EmbedPagesService } from './embed-pages.service';

/**
 * The page a customer frames (§23). Its credential is the token in its path, which its script sends as
 * `Authorization: Bearer` (a cross-site frame sends no cookies); the request log never shows that path.
 */
@Public()
@Controller('embed')
export class EmbedController {
  constructor(private readonly pages: EmbedPagesService) {}

  @Get(':token')
  async page(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const page = await this.pages.page(token);
    reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .headers({
        // Framed only by the session's origins; blob: images are the server-drawn previews.
        'content-security-policy': `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors ${page.frameAncestors}; form-action 'none'; base-uri 'none'; object-src 'none'`,
        'x-content-type-options': 'nosniff',
        // The token is in this page's URL: no request from the page names it to anyone.
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
    return page.html;
  }
}
