import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { MAX_ASSET_PIXELS } from '../design/asset-reference';
import { AssetsException } from './assets.exception';
import { AssetsService } from './assets.service';

/** The long side of a thumbnail: the studio shows them at ~56 px, so sharp at 2× and a little more. */
export const THUMBNAIL_SIZE = 160;

/** Thumbnails kept in memory (a few KB each; an asset's bytes never change, so a kept one never goes stale). */
const CACHED_BYTES = 8 * 1024 * 1024;

/**
 * Small WebP drawings of the account's assets for the studio's Assets panel. Re-encoded, never the uploaded bytes:
 * a file crafted to be something else besides an image is not handed back to a browser.
 */
@Injectable()
export class AssetThumbnails {
  private readonly cache = new LRUCache<string, Buffer>({ maxSize: CACHED_BYTES, sizeCalculation: (bytes) => Math.max(1, bytes.length) });

  constructor(private readonly assets: AssetsService) {}

  /** Another account's, an unknown or a deleted asset: 404, exactly like a missing one. */
  async thumbnailOf(accountId: string, id: string): Promise<Buffer> {
    const key = `${accountId}/${id}`;
    // Ownership is asked every time (a deleted asset's thumbnail is gone at once); only the drawing is kept.
    if (!(await this.assets.owns(accountId, id))) {
      this.cache.delete(key);
      throw AssetsException.notFound(id);
    }
    const kept = this.cache.get(key);
    if (kept) return kept;
    const image = await this.assets.imageOf(accountId, id);
    if (!image) throw AssetsException.notFound(id);
    const thumbnail = await sharp(image.bytes, { pages: 1, limitInputPixels: MAX_ASSET_PIXELS })
      .rotate()
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    this.cache.set(key, thumbnail);
    return thumbnail;
  }
}
