import type { Design, Layer } from './design';
import { uniqueName } from './design';

/** What the studio uploads as an asset: a raster image the API takes (SVG never is one). */
export function isUploadableImage(file: { type: string; name: string }): boolean {
  return /^image\/(png|jpeg|webp|avif|gif)$/.test(file.type) || (!file.type && /\.(png|jpe?g|webp|avif|gif)$/i.test(file.name));
}

/**
 * An image layer drawing asset `id`, centred on `point` (design pixels), at most a third of the canvas wide or
 * high, with the image's proportions, kept inside the canvas.
 */
export function assetLayer(design: Design, asset: { id: string; width: number; height: number }, point: { x: number; y: number }): Layer {
  const scale = Math.min(1, design.width / 3 / asset.width, design.height / 3 / asset.height);
  const width = Math.max(1, Math.round(asset.width * scale));
  const height = Math.max(1, Math.round(asset.height * scale));
  const clamp = (value: number, size: number, limit: number) => Math.min(Math.max(0, Math.round(value - size / 2)), Math.max(0, limit - size));
  return {
    name: uniqueName('image', design.layers),
    type: 'image',
    x: clamp(point.x, width, design.width),
    y: clamp(point.y, height, design.height),
    width,
    height,
    imageUrl: `asset:${asset.id}`,
    fit: 'contain',
  };
}
