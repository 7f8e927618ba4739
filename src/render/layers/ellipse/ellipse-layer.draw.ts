import type { EllipseLayer } from '../../../design/layers/ellipse/ellipse-layer.definition';
import type { LayerDrawer } from '../layer-drawer';
import { paintShape } from '../shape-paint.draw';

export const drawEllipse: LayerDrawer<EllipseLayer> = (ctx, layer) => {
  const radiusX = layer.width / 2;
  const radiusY = layer.height / 2;
  paintShape(ctx, layer, (inset) =>
    ctx.ellipse(layer.x + radiusX, layer.y + radiusY, Math.max(0, radiusX - inset), Math.max(0, radiusY - inset), 0, 0, Math.PI * 2),
  );
};
