import { Injectable } from '@nestjs/common';
import axios from 'axios';
import sharp, { type Metadata } from 'sharp';
import { Deadline } from '../common/async/deadline';
import { settle, type SettledPromise } from '../common/async/settle';
import { AssetsService } from '../assets/assets.service';
import { AppConfig } from '../config/app-config';
import { assetIdOf } from '../design/asset-reference';
import { OutboundTargetService } from '../network/outbound-target.service';
import { imageSourceOf, type LayerDefinition } from '../design/layer-registry';
import { RenderWarning, RenderWarningCode } from '../design/render-warning';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TIMEOUT_MS = 5_000;
// A small file can declare a huge canvas (decompression bomb); refuse before decoding it.
const MAX_IMAGE_PIXELS = 40_000_000;
const DECODABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

export interface FetchedImages {
  /** By layer name (a Map: names are data, `__proto__` included). */
  images: Map<string, Uint8Array>;
  warnings: RenderWarning[];
}

interface FetchedImage {
  bytes: Uint8Array;
  pixels: number;
}

/** sharp names AVIF `heif` (its container) with AV1 compression; other HEIF (HEVC) is not decodable here. */
function formatOf(metadata: Metadata): string | undefined {
  return metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
}

/**
 * Fetches image-layer sources under the outbound address rules, and reads the owner's assets (`asset:<id>`, §24)
 * from the image store with no network fetch; a failure skips the layer with a warning.
 */
@Injectable()
export class LayerImageFetcher {
  constructor(
    private readonly targets: OutboundTargetService,
    private readonly config: AppConfig,
    private readonly assets: AssetsService,
  ) {}

  /**
   * `budget` (the render's deadline) cancels every fetch still running when it aborts. Each distinct
   * URL is fetched once however many layers use it. The layers' decoded input is capped per render
   * (RENDER_MAX_INPUT_PIXELS, in layer order): a layer past it is skipped with a warning. An asset is read only
   * when `ownerId` (the template's account) owns it: another account's, an unknown or a deleted one is unavailable.
   */
  async fetchAll(layers: LayerDefinition[], ownerId: string, budget?: AbortSignal): Promise<FetchedImages> {
    const result: FetchedImages = { images: new Map(), warnings: [] };
    const wanted = layers.flatMap((layer) => {
      const url = layer.hidden ? null : imageSourceOf(layer);
      return url ? [{ name: layer.name, url }] : [];
    });
    // All fetches start together and are read in layer order: each is settled at once, so one that fails
    // while an earlier layer is still loading is not an unhandled rejection.
    const byUrl = new Map<string, SettledPromise<FetchedImage>>();
    for (const { url } of wanted) {
      if (byUrl.has(url)) continue;
      const assetId = assetIdOf(url);
      byUrl.set(url, settle(assetId ? this.readAsset(ownerId, assetId) : this.fetchOne(url, budget)));
    }
    let decodedPixels = 0;
    for (const layer of wanted) {
      const skip = (reason: string) =>
        result.warnings.push({ code: RenderWarningCode.IMAGE_UNAVAILABLE, layer: layer.name, message: `Image could not be used (${reason}); layer skipped` });
      const outcome = await byUrl.get(layer.url)!;
      if (!outcome.ok) {
        skip(outcome.error instanceof Error ? outcome.error.message : String(outcome.error));
        continue;
      }
      const fetched = outcome.value;
      if (decodedPixels + fetched.pixels > this.config.renderMaxInputPixels) {
        skip(`the render's images would exceed ${formatPixels(this.config.renderMaxInputPixels)} decoded (RENDER_MAX_INPUT_PIXELS)`);
        continue;
      }
      decodedPixels += fetched.pixels;
      result.images.set(layer.name, fetched.bytes);
    }
    return result;
  }

  private async readAsset(ownerId: string, id: string): Promise<FetchedImage> {
    const image = await this.assets.imageOf(ownerId, id);
    if (!image) throw new Error(`asset ${id} is not one of this account's assets`);
    return image;
  }

  private async fetchOne(rawUrl: string, budget?: AbortSignal): Promise<FetchedImage> {
    const target = await this.targets.check(rawUrl);
    const agent = this.targets.agentFor(target);
    const deadline = new Deadline(IMAGE_TIMEOUT_MS, budget);
    let response;
    try {
      response = await axios.get<ArrayBuffer>(target.url.href, {
        responseType: 'arraybuffer',
        maxContentLength: MAX_IMAGE_BYTES,
        maxRedirects: 0,
        signal: deadline.signal,
        httpAgent: agent,
        httpsAgent: agent,
        proxy: false,
        validateStatus: (status) => status >= 200 && status < 300,
        headers: { 'User-Agent': 'Pictor/1.0', Accept: 'image/*' },
      });
    } catch (error) {
      const status = axios.isAxiosError(error) ? error.response?.status : undefined;
      if (status) throw new Error(`HTTP ${status}`, { cause: error });
      if (axios.isAxiosError(error) && /maxContentLength/i.test(error.message)) throw new Error('larger than 10 MB', { cause: error });
      throw new Error(axios.isAxiosError(error) && error.code === 'ERR_CANCELED' ? 'timed out after 5 s' : 'fetch failed', { cause: error });
    } finally {
      deadline.clear();
      agent.destroy();
    }
    const bytes = new Uint8Array(response.data);
    const metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .metadata()
      .catch(() => null);
    const format = metadata ? formatOf(metadata) : undefined;
    if (!metadata || !format || !DECODABLE.has(format)) throw new Error('not a PNG, JPEG, WebP, GIF or AVIF image');
    const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0);
    if (pixels > MAX_IMAGE_PIXELS) throw new Error('image dimensions too large');
    return { bytes, pixels };
  }
}

function formatPixels(pixels: number): string {
  return pixels >= 1_000_000 ? `${+(pixels / 1_000_000).toFixed(1)} megapixels` : `${pixels} pixels`;
}
