import { drawEllipse } from './ellipse/ellipse-layer.draw';
import { drawImage } from './image/image-layer.draw';
import type { LayerDrawer } from './layer-drawer';
import type { LayerDefinition, LayerOf, LayerTypeName } from './layer-registry';
import { drawQr } from './qr/qr-layer.draw';
import { drawRect } from './rect/rect-layer.draw';
import { drawText } from './text/text-layer.draw';

/**
 * The worker's side of the registry: one drawer per registered layer type. Keyed by the registry's
 * names, so a type without a drawer fails to compile. Only types are imported from the registry:
 * the worker loads no zod schemas.
 */
export type LayerDrawers = { [Name in LayerTypeName]: LayerDrawer<LayerOf<Name>> };

const DRAWERS: LayerDrawers = {
  text: drawText,
  image: drawImage,
  rect: drawRect,
  ellipse: drawEllipse,
  qr: drawQr,
};

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
  (DRAWERS[layer.type] as LayerDrawer<LayerDefinition>)(ctx, layer, context);
};
