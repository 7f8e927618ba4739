import type { RectLayer } from '../../../design/layers/rect/rect-layer.definition';
import type { LayerDrawer } from '../layer-drawer';
import { paintShape } from '../shape-paint.draw';

export const drawRect: LayerDrawer<RectLayer> = (ctx, layer) => {
  paintShape(ctx, layer, (inset) =>
    ctx.roundRect(layer.x + inset, layer.y + inset, layer.width - inset * 2, layer.height - inset * 2, Math.max(0, layer.radius - inset)),
  );
};
