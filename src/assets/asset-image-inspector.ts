import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { MAX_ASSET_PIXELS } from '../design/asset-reference';
import type { AssetFormat } from './entities/asset.entity';
import { AssetsException } from './assets.exception';

export interface InspectedImage {
  format: AssetFormat;
  width: number;
  height: number;
}

/** The format by its signature, before any decoder sees the bytes: SVG, TIFF, HEIC, PDF… never reach libvips' loaders. */
export function sniffFormat(bytes: Uint8Array): AssetFormat | null {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(4, 8) === 'ftyp') {
    // The ftyp box lists its major brand and compatible brands in 4-byte steps.
    const boxSize = Math.min(bytes.length, Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0));
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      const brand = ascii(offset, offset + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/**
 * §24: a PNG, JPEG, WebP, AVIF or GIF (first frame) of at most 50 megapixels that decodes to its end. The
 * declared size is read before decoding (a GIF bomb declares a huge screen in a few bytes), then the first
 * frame is decoded in one streaming pass, shrunk as it goes, so damage anywhere in the data is found with
 * bounded memory.
 */
@Injectable()
export class AssetImageInspector {
  async inspect(bytes: Uint8Array): Promise<InspectedImage> {
    const format = sniffFormat(bytes);
    if (!format) throw AssetsException.invalid('not a PNG, JPEG, WebP, AVIF or GIF file');
    const metadata = await sharp(bytes, { pages: 1, limitInputPixels: false })
      .metadata()
      .catch(() => null);
    if (!metadata?.width || !metadata.height) throw AssetsException.invalid(`the ${format.toUpperCase()} data cannot be read`);
    const width = metadata.width;
    const height = metadata.pageHeight ?? metadata.height;
    if (width * height > MAX_ASSET_PIXELS) {
      throw AssetsException.invalid(`${width}×${height} is ${+((width * height) / 1_000_000).toFixed(1)} megapixels; at most 50 are allowed`);
    }
    try {
      await sharp(bytes, { pages: 1, limitInputPixels: MAX_ASSET_PIXELS, failOn: 'error' }).resize({ width: 64, height: 64, fit: 'inside' }).raw().toBuffer();
    } catch {
      throw AssetsException.invalid(`the ${format.toUpperCase()} data is damaged or truncated`);
    }
    return { format, width, height };
  }
}
