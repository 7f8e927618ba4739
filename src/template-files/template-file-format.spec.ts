import { canonicalDesign, parseTemplateFile, sameDesign, serializeDesign, TEMPLATE_FILE } from './template-file-format';

const design = {
  name: 'Card',
  width: 100,
  height: 50,
  layers: [{ type: 'rect', height: 10, width: 20, name: 'box', fill: '#ff0000' }],
};

describe('template file format', () => {
  it('is the schema output: defaults filled, keys in schema order whatever order they came in', () => {
    const canonical = canonicalDesign({ layers: design.layers, width: 100, name: 'Card', height: 50, id: 'tpl_x', version: 3 });
    expect(Object.keys(canonical)).toEqual(['name', 'width', 'height', 'background', 'publicRender', 'layers']);
    // Layer keys follow the layer schema's order, whatever order the input had.
    const reversed = canonicalDesign({ ...design, layers: [Object.fromEntries(Object.entries(design.layers[0]).reverse())] });
    expect(Object.keys(canonical.layers[0])).toEqual(Object.keys(reversed.layers[0]));
    expect(Object.keys(canonical.layers[0]).slice(0, 5)).toEqual(['name', 'x', 'y', 'width', 'height']);
    expect(Object.keys(canonical.layers[0])).toEqual(expect.arrayContaining(['opacity', 'hidden', 'type', 'fill', 'radius']));
    expect(serializeDesign(canonical)).toBe(serializeDesign(canonicalDesign({ ...design })));
    expect(serializeDesign(canonical).endsWith('}\n')).toBe(true);
  });

  it('reports JSON errors and the first invalid field', () => {
    expect(parseTemplateFile('{')).toMatchObject({ ok: false, field: null, error: expect.stringMatching(/^not valid JSON/) });
    expect(parseTemplateFile(JSON.stringify({ ...design, height: 'tall' }))).toMatchObject({ ok: false, field: 'height' });
    expect(parseTemplateFile(JSON.stringify({ ...design, id: 'tpl_x' }))).toMatchObject({ ok: false, error: expect.stringContaining('id') });
    expect(parseTemplateFile(JSON.stringify(design))).toMatchObject({ ok: true });
  });

  it('compares designs by value, not key order', () => {
    const a = canonicalDesign({ ...design });
    const reordered = JSON.parse(JSON.stringify({ ...a, layers: [Object.fromEntries(Object.entries(a.layers[0]).reverse())] }));
    expect(sameDesign(a, reordered)).toBe(true);
    expect(sameDesign(a, { ...a, name: 'Other' })).toBe(false);
  });

  it('names files after template ids only', () => {
    expect(TEMPLATE_FILE.exec('tpl_abcdefghijklmnop.json')?.[1]).toBe('tpl_abcdefghijklmnop');
    expect(TEMPLATE_FILE.test('tpl_short.json')).toBe(false);
    expect(TEMPLATE_FILE.test('../tpl_abcdefghijklmnop.json')).toBe(false);
  });
});
