import type { LayerDrawer } from '../layer-drawer';
import { shapePaint } from '../shape-paint.draw';
import type { RectLayer } from '../../../design/layers/rect/rect-layer.definition';

export const drawRect: LayerDrawer<RectLayer> = (ctx, layer) => {
  ctx.fillStyle = shapePaint(ctx, layer);
  ctx.beginPath();
  ctx.roundRect(layer.x, layer.y, layer.width, layer.height, layer.radius);
  ctx.fill();
  if (layer.borderWidth > 0) {
    // Stroked on a path inset by half the width, so the border lies inside the box.
    const inset = layer.borderWidth / 2;
    ctx.strokeStyle = layer.borderColor;
    ctx.lineWidth = layer.borderWidth;
    ctx.beginPath();
    ctx.roundRect(layer.x + inset, layer.y + inset, layer.width - layer.borderWidth, layer.height - layer.borderWidth, Math.max(0, layer.radius - inset));
    ctx.stroke();
  }
};
