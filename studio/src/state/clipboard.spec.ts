import { CLIPBOARD_TYPE, parseClipboard, pasteLayers, pasteName, serializeLayers } from './clipboard';
import { Design, Layer } from './design';

const TYPES = ['text', 'rect', 'image'];
const rect = (name: string, x: number, y: number, extra: Partial<Layer> = {}): Layer => ({
  name,
  type: 'rect',
  x,
  y,
  width: 100,
  height: 50,
  fill: '#ff0000',
  ...extra,
});
const design = (layers: Layer[], width = 1200, height = 630): Design => ({ name: 'T', width, height, background: '#ffffff', publicRender: true, layers });

describe('studio clipboard', () => {
  it('round-trips layers through its marked JSON', () => {
    const text = serializeLayers([rect('box', 10, 20), { name: 'title', type: 'text', width: 300, height: 60, text: 'Hi' }]);
    expect(JSON.parse(text).type).toBe(CLIPBOARD_TYPE);
    expect(parseClipboard(text, TYPES)?.map((layer) => layer.name)).toEqual(['box', 'title']);
  });

  it.each([
    ['empty', ''],
    ['plain text', 'hello world'],
    ['other JSON', '{"layers":[{"name":"a","type":"rect","width":1,"height":1}]}'],
    ['broken JSON with the marker', `{"type":"${CLIPBOARD_TYPE}", "layers": [`],
    ['no layers', JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, layers: [] })],
    ['an unknown layer type', JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, layers: [{ name: 'a', type: 'circle', width: 1, height: 1 }] })],
    ['a zero width', JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, layers: [{ name: 'a', type: 'rect', width: 0, height: 1 }] })],
    ['a string position', JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, layers: [{ name: 'a', type: 'rect', x: '4', width: 1, height: 1 }] })],
    ['layers not an array', JSON.stringify({ type: CLIPBOARD_TYPE, version: 1, layers: { a: 1 } })],
    ['51 layers', serializeLayers(Array.from({ length: 51 }, (_, index) => rect(`r${index}`, 0, 0)))],
  ])('refuses %s', (_label, text) => {
    expect(parseClipboard(text, TYPES)).toBeNull();
  });

  it('names a paste whose name exists “name copy”, then “name copy 2”…', () => {
    expect(pasteName('title', new Set(['box']))).toBe('title');
    expect(pasteName('title', new Set(['title']))).toBe('title copy');
    expect(pasteName('title', new Set(['title', 'title copy']))).toBe('title copy 2');
    expect(pasteName('title copy', new Set(['title', 'title copy', 'title copy 2']))).toBe('title copy 3');
    expect(pasteName('x'.repeat(100), new Set(['x'.repeat(100)])).length).toBeLessThanOrEqual(100);
  });

  it('pastes on top, renamed and offset in the same template, shown and unlocked, and returns the new names', () => {
    const start = design([rect('box', 10, 20, { locked: true, hidden: true })]);
    const first = pasteLayers(start, [start.layers[0]]);
    expect(first.names).toEqual(['box copy']);
    expect(first.design.layers[1]).toMatchObject({ name: 'box copy', x: 34, y: 44, hidden: false });
    expect('locked' in first.design.layers[1]).toBe(false);
    const second = pasteLayers(first.design, [start.layers[0]]);
    expect(second.names).toEqual(['box copy 2']);
    expect(first.design.layers[0]).toBe(start.layers[0]);
  });

  it('keeps the name and spot in another template where both are free, and keeps the paste inside a smaller canvas', () => {
    expect(pasteLayers(design([rect('other', 0, 0)]), [rect('box', 10, 20)]).design.layers[1]).toMatchObject({ name: 'box', x: 10, y: 20 });
    const small = pasteLayers(design([], 300, 200), [rect('box', 900, 500)]);
    expect(small.design.layers[0]).toMatchObject({ x: 200, y: 150 });
  });
});
