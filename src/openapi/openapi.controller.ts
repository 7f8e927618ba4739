import { Controller, Get, Headers, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../accounts/auth/public.decorator';
import { OpenApiService } from './openapi.service';
import { matchesEtag, ServedDocument } from './served-document';

/** Writes a prebuilt document, or a 304 when the client already holds this version. */
function send(reply: FastifyReply, document: ServedDocument, contentType: string, ifNoneMatch: string | undefined): Buffer | undefined {
  reply.header('etag', document.etag).header('cache-control', 'no-cache');
  if (matchesEtag(ifNoneMatch, document.etag)) {
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

  @Get('templates/schema.json')
  templateSchema(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    return send(reply, this.documents.templateSchema(), 'application/schema+json; charset=utf-8', ifNoneMatch);
  }
}
