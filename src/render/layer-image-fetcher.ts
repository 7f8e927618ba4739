import { Injectable } from '@nestjs/common';
import axios from 'axios';
import sharp from 'sharp';
import { OutboundTargetService } from '../network/outbound-target.service';
import type { LayerDefinition } from '../templates/dto/template.schema';
import { RenderWarning, RenderWarningCode } from './dto/render-response';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TIMEOUT_MS = 5_000;
// A small file can declare a huge canvas (decompression bomb); refuse before decoding it.
const MAX_IMAGE_PIXELS = 40_000_000;
const DECODABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

export interface FetchedImages {
  images: Record<string, Uint8Array>;
  warnings: RenderWarning[];
}

/** Fetches image-layer sources under the outbound address rules; a failure skips the layer with a warning. */
@Injectable()
export class LayerImageFetcher {
  constructor(private readonly targets: OutboundTargetService) {}

  /** `budget` (the render's deadline) cancels every fetch still running when it aborts. */
  async fetchAll(layers: LayerDefinition[], budget?: AbortSignal): Promise<FetchedImages> {
    const result: FetchedImages = { images: {}, warnings: [] };
    const wanted = layers.filter((layer) => layer.type === 'image' && !layer.hidden && layer.imageUrl);
    await Promise.all(
      wanted.map(async (layer) => {
        const url = (layer as { imageUrl: string }).imageUrl;
        try {
          result.images[layer.name] = await this.fetchOne(url, budget);
        } catch (error) {
          result.warnings.push({
            code: RenderWarningCode.IMAGE_UNAVAILABLE,
            layer: layer.name,
            message: `Image could not be used (${(error as Error).message}); layer skipped`,
          });
        }
      }),
    );
    return result;
  }

  private async fetchOne(rawUrl: string, budget?: AbortSignal): Promise<Uint8Array> {
    const target = await this.targets.check(rawUrl);
    const agent = this.targets.agentFor(target);
    let response;
    try {
      response = await axios.get<ArrayBuffer>(target.url.href, {
        responseType: 'arraybuffer',
        maxContentLength: MAX_IMAGE_BYTES,
        maxRedirects: 0,
        signal: budget ? AbortSignal.any([AbortSignal.timeout(IMAGE_TIMEOUT_MS), budget]) : AbortSignal.timeout(IMAGE_TIMEOUT_MS),
        httpAgent: agent,
        httpsAgent: agent,
        proxy: false,
        validateStatus: (status) => status >= 200 && status < 300,
        headers: { 'User-Agent': 'Pictor/1.0', Accept: 'image/*' },
      });
    } catch (error) {
      const status = axios.isAxiosError(error) ? error.response?.status : undefined;
      if (status) throw new Error(`HTTP ${status}`);
      if (axios.isAxiosError(error) && /maxContentLength/i.test(error.message)) throw new Error('larger than 10 MB');
      throw new Error(axios.isAxiosError(error) && error.code === 'ERR_CANCELED' ? 'timed out after 5 s' : 'fetch failed');
    } finally {
      agent.destroy();
    }
    const bytes = new Uint8Array(response.data);
    const metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .metadata()
      .catch(() => null);
    if (!metadata?.format || !DECODABLE.has(metadata.format)) throw new Error('not a PNG, JPEG, WebP, GIF or AVIF image');
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS) throw new Error('image dimensions too large');
    return bytes;
  }
}
