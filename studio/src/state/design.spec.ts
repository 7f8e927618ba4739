import { buildTemplateJsonSchema } from '../../../src/design/template-json-schema';
import { createTemplateSchema } from '../../../src/design/template.schema';
import {
  detailsByField,
  emptyDesign,
  generateCurl,
  layerIndex,
  moveLayer,
  nameConflict,
  newLayer,
  nudgeLayer,
  patchLayer,
  renderQuery,
  toggleHidden,
  uniqueName,
} from './design';
import { JsonSchema, layerTypes } from './schema-form';

const schema = buildTemplateJsonSchema() as JsonSchema;

describe('design operations', () => {
  it('adds layers of every type that the API accepts as they are', () => {
    let design = emptyDesign();
    for (const type of layerTypes(schema)) design = { ...design, layers: [...design.layers, newLayer(schema, type, design)] };
    const parsed = createTemplateSchema.safeParse(design);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(design.layers.map((layer) => layer.name)).toEqual(layerTypes(schema));
  });

  it('names layers uniquely and reorders them', () => {
    const layers = [
      { name: 'text', type: 'text', width: 1, height: 1 },
      { name: 'text-2', type: 'text', width: 1, height: 1 },
    ];
    expect(uniqueName('text', layers)).toBe('text-3');
    expect(uniqueName('rect', layers)).toBe('rect');
    const design = { ...emptyDesign(), layers };
    expect(moveLayer(design, 0, 1).layers.map((layer) => layer.name)).toEqual(['text-2', 'text']);
    expect(moveLayer(design, 0, 5)).toBe(design);
  });

  it('writes a curl and a render query with the layer names filled in', () => {
    const design = { ...emptyDesign(), layers: [{ name: 'title', type: 'text', text: "It's here", width: 10, height: 10 }] };
    const curl = generateCurl('http://pictor.test', 'tpl_1', design);
    expect(curl).toContain('http://pictor.test/api/generate');
    expect(curl).toContain(`"templateId":"tpl_1"`);
    expect(curl).toContain(`"title":{"text":"It'\\''s here"}`);
    expect(renderQuery(design)).toBe("layers[title][text]=It's%20here");
  });

  it('maps validation details to fields', () => {
    const map = detailsByField(
      [
        { path: 'template.layers.1.fontSize', message: 'too big' },
        { path: 'template.name', message: 'empty' },
      ],
      'template.',
    );
    expect(map.get('layers.1.fontSize')).toBe('too big');
    expect(map.get('name')).toBe('empty');
  });

  it('edits one layer by name or index and leaves the others as they were', () => {
    const design = {
      ...emptyDesign(),
      layers: [
        { name: 'a', type: 'rect', x: 5, y: 7, width: 10, height: 10 },
        { name: 'b', type: 'rect', width: 10, height: 10 },
      ],
    };
    expect([layerIndex(design, 'b'), layerIndex(design, 'c'), layerIndex(design, null)]).toEqual([1, -1, -1]);
    const nudged = nudgeLayer(design, 0, -1, 10);
    expect(nudged.layers).toEqual([{ ...design.layers[0], x: 4, y: 17 }, design.layers[1]]);
    expect(nudgeLayer(design, 1, 1, 1).layers[1]).toMatchObject({ x: 1, y: 1 });
    expect(patchLayer(design, 1, { width: 3 }).layers[1]).toEqual({ name: 'b', type: 'rect', width: 3, height: 10 });
    expect(toggleHidden(toggleHidden(design, 0), 0).layers[0].hidden).toBe(false);
    expect(toggleHidden(design, 0).layers[0].hidden).toBe(true);
    expect(design.layers[0]).toEqual({ name: 'a', type: 'rect', x: 5, y: 7, width: 10, height: 10 });
  });

  it('refuses a layer name another layer has, but not the layer its own name', () => {
    const design = {
      ...emptyDesign(),
      layers: [
        { name: 'badge', type: 'rect', width: 1, height: 1 },
        { name: 'title', type: 'text', width: 1, height: 1 },
      ],
    };
    expect(nameConflict(design, 0, 'title')).toMatch(/title/);
    expect(nameConflict(design, 1, 'title')).toBeUndefined();
    expect(nameConflict(design, 0, 'subtitle')).toBeUndefined();
  });
});
