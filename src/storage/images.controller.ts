import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../accounts/auth/public.decorator';
import { ImagesService } from './images.service';

@Controller('api/images/generated')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** No auth: the file name is an unguessable HMAC. Fastify answers HEAD from this route too. */
  @Public()
  @Get(':file')
  async get(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const image = await this.images.open(file);
    reply.headers(image.headers);
    return new StreamableFile(image.stream, { length: image.size });
  }
}
