import type { LayerDrawer } from '../layer-drawer';
import { shapePaint } from '../shape-paint.draw';
import type { EllipseLayer } from '../../../design/layers/ellipse/ellipse-layer.definition';

export const drawEllipse: LayerDrawer<EllipseLayer> = (ctx, layer) => {
  const radiusX = layer.width / 2;
  const radiusY = layer.height / 2;
  const centreX = layer.x + radiusX;
  const centreY = layer.y + radiusY;
  ctx.fillStyle = shapePaint(ctx, layer);
  ctx.beginPath();
  ctx.ellipse(centreX, centreY, radiusX, radiusY, 0, 0, Math.PI * 2);
  ctx.fill();
  if (layer.borderWidth > 0) {
    // Stroked on the ellipse inset by half the width, so the border lies inside the box.
    const inset = layer.borderWidth / 2;
    ctx.strokeStyle = layer.borderColor;
    ctx.lineWidth = layer.borderWidth;
    ctx.beginPath();
    ctx.ellipse(centreX, centreY, Math.max(0, radiusX - inset), Math.max(0, radiusY - inset), 0, 0, Math.PI * 2);
    ctx.stroke();
  }
};
