import { Controller, Get, Headers, Param, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../accounts/auth/public.decorator';
import { ImagesService } from './images.service';

@Controller('api/images/generated')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** No auth: the file name is an unguessable HMAC. Fastify answers HEAD from this route too. */
  @Public()
  @Get(':file')
  async get(
    @Param('file') file: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    const image = await this.images.open(file, ifNoneMatch);
    reply.headers(image.headers);
    if (image.notModified) {
      reply.status(304);
      return undefined;
    }
    return new StreamableFile(image.stream, { length: image.size });
  }
}
