import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { drawEllipse } from './ellipse/ellipse-layer.draw';
import { drawImage } from './image/image-layer.draw';
import type { LayerDrawers } from './layer-drawers';
import { LAYER_TYPES, layerOverrideSchema, layerSchema, OVERRIDABLE } from '../../design/layer-registry';
import { drawBarcode } from './barcode/barcode-layer.draw';
import { drawQr } from './qr/qr-layer.draw';
import { drawRect } from './rect/rect-layer.draw';
import { drawText } from './text/text-layer.draw';

describe('layer registry', () => {
  it('builds the template schema from every registered type', () => {
    for (const type of Object.keys(LAYER_TYPES)) {
      const base = { name: 'l', type, width: 10, height: 10 };
      expect({ type, ok: layerSchema.safeParse(base).success }).toEqual({ type, ok: true });
    }
    expect(layerSchema.safeParse({ name: 'l', type: 'triangle', width: 10, height: 10 }).success).toBe(false);
  });

  it('builds the override schema and the per-type override rules from the registered types', () => {
    expect(OVERRIDABLE.rect).toEqual(new Set(['hidden', 'rotation', 'opacity', 'fill']));
    expect(OVERRIDABLE.qr).toEqual(new Set(['hidden', 'rotation', 'opacity', 'text', 'color']));
    expect(layerOverrideSchema.safeParse({ fill: '#fff', text: 'x', imageUrl: null, fontSize: 12, color: '#000', hidden: true }).success).toBe(true);
    expect(layerOverrideSchema.safeParse({ radius: 3 }).success).toBe(false);
  });

  it('fails to compile when a registered type has no drawer (checked by npm run typecheck)', () => {
    // @ts-expect-error `barcode` is registered, so a drawer map without it is not a LayerDrawers
    const incomplete: LayerDrawers = {
      text: { draw: drawText },
      image: { draw: drawImage },
      rect: { draw: drawRect },
      ellipse: { draw: drawEllipse },
      qr: { draw: drawQr },
    };
    const complete: LayerDrawers = {
      text: { draw: drawText },
      image: { draw: drawImage },
      rect: { draw: drawRect },
      ellipse: { draw: drawEllipse },
      qr: { draw: drawQr },
      barcode: { draw: drawBarcode },
    };
    expect(Object.keys(incomplete).length + 1).toBe(Object.keys(complete).length);
  });

  it('keeps zod out of the render worker (it loads only the drawing side of each type)', () => {
    const dist = join(__dirname, '..', '..', '..', 'dist', 'render', 'renderer', 'draw-template.js');
    const loaded = execFileSync(process.execPath, [
      '-e',
      `require(${JSON.stringify(dist)}); console.log(JSON.stringify(Object.keys(require.cache)))`,
    ]).toString();
    const modules: string[] = JSON.parse(loaded);
    expect(modules.some((path) => path.includes('layer-drawers'))).toBe(true);
    expect(modules.filter((path) => /node_modules[\\/]zod[\\/]|layer-registry|\.definition\.js/.test(path))).toEqual([]);
  });
});
