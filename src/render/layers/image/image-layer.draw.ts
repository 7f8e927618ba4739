import type { LayerDrawer } from '../layer-drawer';
import type { ImageLayer } from '../../../design/layers/image/image-layer.definition';

/** Draws the layer's fetched image (decoded up front by the dispatcher); no image, nothing drawn. */
export const drawImage: LayerDrawer<ImageLayer> = (ctx, layer, { images }) => {
  const image = images.get(layer.name);
  if (!layer.imageUrl || !image) return;
  const { x, y, width, height } = layer;
  ctx.save();
  if (layer.radius > 0) {
    ctx.beginPath();
    ctx.roundRect(x, y, width, height, layer.radius);
    ctx.clip();
  }
  if (layer.fit === 'fill') {
    ctx.drawImage(image, x, y, width, height);
  } else if (layer.fit === 'contain') {
    const scale = Math.min(width / image.width, height / image.height);
    const drawWidth = image.width * scale;
    const drawHeight = image.height * scale;
    ctx.drawImage(image, x + (width - drawWidth) / 2, y + (height - drawHeight) / 2, drawWidth, drawHeight);
  } else {
    // cover: crop the source to the box's aspect ratio, centred.
    const scale = Math.max(width / image.width, height / image.height);
    const sourceWidth = width / scale;
    const sourceHeight = height / scale;
    ctx.drawImage(image, (image.width - sourceWidth) / 2, (image.height - sourceHeight) / 2, sourceWidth, sourceHeight, x, y, width, height);
  }
  ctx.restore();
};
