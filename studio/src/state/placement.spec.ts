import { buildTemplateJsonSchema } from '../../../src/design/template-json-schema';
import { addCopies, emptyDesign, freeSpot, newLayer } from './design';
import { JsonSchema } from './schema-form';

const schema = buildTemplateJsonSchema() as JsonSchema;

describe('where new and copied layers land', () => {
  it('places each new layer of a kind at its own visible spot, not on top of the last', () => {
    let design = emptyDesign();
    for (let count = 0; count < 4; count++) design = { ...design, layers: [...design.layers, newLayer(schema, 'rect', design)] };
    const spots = design.layers.map((layer) => `${layer.x},${layer.y}`);
    expect(new Set(spots).size).toBe(4);
    for (const layer of design.layers) {
      expect(layer.x! >= 0 && layer.y! >= 0 && layer.x! + layer.width <= design.width && layer.y! + layer.height <= design.height).toBe(true);
    }
  });

  it('starts at the centre, and wraps to the top left before leaving the canvas', () => {
    expect(freeSpot({ width: 100, height: 100, layers: [] }, 50, 50)).toEqual({ x: 25, y: 25 });
    const crowded = { width: 100, height: 100, layers: [{ name: 'a', type: 'rect', x: 25, y: 25, width: 50, height: 50 }] };
    expect(freeSpot(crowded, 50, 50)).toEqual({ x: 49, y: 49 });
    const full = { ...crowded, layers: [...crowded.layers, { name: 'b', type: 'rect', x: 49, y: 49, width: 50, height: 50 }] };
    expect(freeSpot(full, 50, 50)).toEqual({ x: 24, y: 24 });
  });

  it('gives copies names no layer has and a spot of their own (a paste of an existing name)', () => {
    const design = { ...emptyDesign(), layers: [{ name: 'title', type: 'text', x: 10, y: 10, width: 100, height: 40 }] };
    const once = addCopies(design, [design.layers[0]]);
    expect(once.names).toEqual(['title-2']);
    const twice = addCopies(once.design, [design.layers[0]]);
    expect(twice.names).toEqual(['title-3']);
    expect(twice.design.layers.map(({ name, x, y }) => [name, x, y])).toEqual([
      ['title', 10, 10],
      ['title-2', 34, 34],
      ['title-3', 58, 58],
    ]);
    // A copy of a copy is named from the original's base, not `title-2-2`.
    expect(addCopies(twice.design, [twice.design.layers[1]]).names).toEqual(['title-4']);
  });
});
