import type { Image } from '@napi-rs/canvas';
import type { LayerDefinition, LayerOf, LayerTypeName } from '../../design/layer-registry';
import { drawBarcode } from './barcode/barcode-layer.draw';
import { drawEllipse } from './ellipse/ellipse-layer.draw';
import { decodeLayerImage } from './image/image-layer.decode';
import { drawImage } from './image/image-layer.draw';
import type { LayerDrawer } from './layer-drawer';
import { drawQr } from './qr/qr-layer.draw';
import { drawRect } from './rect/rect-layer.draw';
import { drawText } from './text/text-layer.draw';

/** The worker's side of one layer type: its drawer, and what the drawing needs prepared for it. */
export interface LayerPainter<Layer> {
  draw: LayerDrawer<Layer>;
  /** Lays out text with the process's font collection (the drawing then holds its read lock). */
  usesFonts?: true;
  /** Decodes the layer's fetched image to the size it is drawn at (the design's `imageSource` hook fetched it). */
  decodeImage?: (bytes: Uint8Array, layer: Layer, scaleX: number, scaleY: number) => Promise<Image | null>;
}

/**
 * The worker's side of the registry: one painter per registered layer type. Keyed by the registry's
 * names, so a type without a drawer fails to compile. Only types are imported from the registry:
 * the worker loads no zod schemas.
 */
export type LayerDrawers = { [Name in LayerTypeName]: LayerPainter<LayerOf<Name>> };

const PAINTERS: LayerDrawers = {
  text: { draw: drawText, usesFonts: true },
  image: { draw: drawImage, decodeImage: decodeLayerImage },
  rect: { draw: drawRect },
  ellipse: { draw: drawEllipse },
  qr: { draw: drawQr },
  // The human-readable value under linear codes is text: drawn under the font collection's read lock.
  barcode: { draw: drawBarcode, usesFonts: true },
};

const painterOf = (layer: LayerDefinition) => PAINTERS[layer.type] as LayerPainter<LayerDefinition>;

/** Whether drawing `layer` lays out text (see FontCollectionLock). */
export const usesFonts = (layer: LayerDefinition): boolean => painterOf(layer).usesFonts === true;

/** The layer's decoded image at its drawn size; null when its type draws no image or the bytes do not decode. */
export async function decodeImageOf(layer: LayerDefinition, bytes: Uint8Array, scaleX: number, scaleY: number): Promise<Image | null> {
  const decode = painterOf(layer).decodeImage;
  return decode ? decode(bytes, layer, scaleX, scaleY).catch(() => null) : null;
}

/** Draws one layer with its type's drawer, after the placement every type shares (rotation). */
export const drawLayer: LayerDrawer<LayerDefinition> = (ctx, layer, context) => {
  if (layer.rotation) {
    // Degrees clockwise about the layer's centre (canvas angles grow clockwise, y pointing down).
    const centreX = layer.x + layer.width / 2;
    const centreY = layer.y + layer.height / 2;
    ctx.translate(centreX, centreY);
    ctx.rotate((layer.rotation * Math.PI) / 180);
    ctx.translate(-centreX, -centreY);
  }
  painterOf(layer).draw(ctx, layer, context);
};
