import { Image, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';
import { MAX_ASSET_PIXELS } from '../../../design/asset-reference';
import type { ImageLayer } from '../../../design/layers/image/image-layer.definition';

/**
 * Per image: a small file can declare a huge canvas (decompression bomb). The fetcher refuses URLs over 40
 * megapixels before this; an account's asset (§24, checked at upload) may have up to 50.
 */
export const MAX_IMAGE_PIXELS = MAX_ASSET_PIXELS;

/**
 * Decodes one image layer's bytes straight to the size it is drawn at (its box in output pixels, as
 * its `fit` needs it; never enlarged), so a 6000×6000 source in a 120×120 box costs a 120×120 bitmap,
 * not 144 MB. libvips decodes and shrinks in one streaming pass. Called for one layer at a time.
 */
export async function decodeLayerImage(bytes: Uint8Array, layer: ImageLayer, scaleX: number, scaleY: number): Promise<Image | null> {
  const boxWidth = Math.max(1, Math.ceil(layer.width * scaleX));
  const boxHeight = Math.max(1, Math.ceil(layer.height * scaleY));
  // cover must fill the box (crop later): 'outside'; contain fits inside it: 'inside'; fill stretches: 'fill'.
  const fit = layer.fit === 'cover' ? 'outside' : layer.fit === 'contain' ? 'inside' : 'fill';
  const reduced = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
    .resize({ width: boxWidth, height: boxHeight, fit, withoutEnlargement: true })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const image = await loadImage(reduced);
  return image.width > 0 && image.height > 0 ? image : null;
}
