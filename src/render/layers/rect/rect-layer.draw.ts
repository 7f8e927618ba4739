import type { LayerDrawer } from '../layer-drawer';
import type { RectLayer } from './rect-layer.definition';

export const drawRect: LayerDrawer<RectLayer> = (ctx, layer) => {
  ctx.fillStyle = layer.fill;
  ctx.beginPath();
  ctx.roundRect(layer.x, layer.y, layer.width, layer.height, layer.radius);
  ctx.fill();
};
