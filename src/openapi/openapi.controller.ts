import { Controller, Get, Header, Headers, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../accounts/auth/public.decorator';
import { DOCS_CONTENT_SECURITY_POLICY, DOCS_PAGE_HTML } from './docs-page';
import { OpenApiService } from './openapi.service';
import { ifNoneMatchHits } from '../common/http/conditional-get';
import type { ServedDocument } from './served-document';

/** Writes a prebuilt document, or a 304 when the client already holds this version. */
function send(reply: FastifyReply, document: ServedDocument, contentType: string, ifNoneMatch: string | undefined): Buffer | undefined {
  reply.header('etag', document.etag).header('cache-control', 'no-cache');
  if (ifNoneMatchHits(ifNoneMatch, document.etag)) {
    reply.status(304);
    return undefined;
  }
  reply.type(contentType);
  return document.body;
}

@Public()
@Controller('api')
export class OpenApiController {
  constructor(private readonly documents: OpenApiService) {}

  @Get('openapi.json')
  openApi(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return send(reply, this.documents.openApi(), 'application/json; charset=utf-8', ifNoneMatch);
  }

  @Get('templates/schema.json')
  templateSchema(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return send(reply, this.documents.templateSchema(), 'application/schema+json; charset=utf-8', ifNoneMatch);
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('content-security-policy', DOCS_CONTENT_SECURITY_POLICY)
  @Header('x-content-type-options', 'nosniff')
  docs(): string {
    return DOCS_PAGE_HTML;
  }

  @Get('docs/assets/:file')
  @Header('cache-control', 'public, max-age=3600')
  @Header('x-content-type-options', 'nosniff')
  asset(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): Buffer {
    const asset = this.documents.docsAsset(file);
    reply.type(asset.contentType);
    return asset.body;
  }
}
