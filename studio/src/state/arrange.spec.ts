import { alignLayers, distributeLayers, lockedNames, restack, toggleLocked } from './arrange';
import type { Design } from './design';

const design = (): Design => ({
  name: 't',
  width: 1000,
  height: 500,
  background: '#fff',
  publicRender: true,
  layers: [
    { name: 'a', type: 'rect', x: 10, y: 10, width: 100, height: 50 },
    { name: 'b', type: 'rect', x: 300, y: 100, width: 200, height: 100 },
    { name: 'c', type: 'rect', x: 800, y: 40, width: 100, height: 20 },
  ],
});
const boxes = (result: Design) => result.layers.map(({ name, x, y }) => [name, x, y]);

describe('align and distribute', () => {
  it('aligns the selection to its common bounds', () => {
    expect(boxes(alignLayers(design(), ['a', 'b', 'c'], 'left'))).toEqual([
      ['a', 10, 10],
      ['b', 10, 100],
      ['c', 10, 40],
    ]);
    expect(boxes(alignLayers(design(), ['a', 'b', 'c'], 'right'))).toEqual([
      ['a', 800, 10],
      ['b', 700, 100],
      ['c', 800, 40],
    ]);
    expect(boxes(alignLayers(design(), ['a', 'b'], 'center'))).toEqual([
      ['a', 205, 10],
      ['b', 155, 100],
      ['c', 800, 40],
    ]);
    expect(boxes(alignLayers(design(), ['a', 'b', 'c'], 'top'))).toEqual([
      ['a', 10, 10],
      ['b', 300, 10],
      ['c', 800, 10],
    ]);
    expect(boxes(alignLayers(design(), ['a', 'b', 'c'], 'bottom'))).toEqual([
      ['a', 10, 150],
      ['b', 300, 100],
      ['c', 800, 180],
    ]);
    expect(boxes(alignLayers(design(), ['a', 'b'], 'middle'))).toEqual([
      ['a', 10, 80],
      ['b', 300, 55],
      ['c', 800, 40],
    ]);
  });

  it('aligns one layer to the canvas', () => {
    expect(boxes(alignLayers(design(), ['b'], 'center'))[1]).toEqual(['b', 400, 100]);
    expect(boxes(alignLayers(design(), ['b'], 'bottom'))[1]).toEqual(['b', 300, 400]);
  });

  it('leaves locked layers in place', () => {
    expect(boxes(alignLayers(design(), ['a', 'b', 'c'], 'left', new Set(['a'])))).toEqual([
      ['a', 10, 10],
      ['b', 300, 100],
      ['c', 300, 40],
    ]);
  });

  it('distributes three or more with equal gaps, and leaves two alone', () => {
    // a ends at 110, c starts at 800: 690 - 200 (b) = 490 over two gaps = 245.
    expect(boxes(distributeLayers(design(), ['c', 'a', 'b'], 'horizontal'))).toEqual([
      ['a', 10, 10],
      ['b', 355, 100],
      ['c', 800, 40],
    ]);
    expect(distributeLayers(design(), ['a', 'b'], 'horizontal')).toEqual(design());
    // Down: a (10–60), c (20 high), b (100–200): 190 - 170 = 20 over two gaps, so c lands at 70.
    expect(boxes(distributeLayers(design(), ['a', 'b', 'c'], 'vertical'))).toEqual([
      ['a', 10, 10],
      ['b', 300, 100],
      ['c', 800, 70],
    ]);
  });
});

describe('lock and layer order', () => {
  const base: Design = {
    name: 'T',
    width: 800,
    height: 600,
    background: '#fff',
    publicRender: true,
    layers: ['a', 'b', 'c', 'd'].map((name, index) => ({ name, type: 'rect', x: index * 100, y: 0, width: 50, height: 50 })),
  };

  it('locks the chosen layers, and unlocks them only when all were locked', () => {
    const locked = toggleLocked(base, ['a', 'b']);
    expect([...lockedNames(locked)]).toEqual(['a', 'b']);
    const mixed = toggleLocked(locked, ['b', 'c']);
    expect([...lockedNames(mixed)]).toEqual(['a', 'b', 'c']);
    const unlocked = toggleLocked(mixed, ['b', 'c']);
    expect([...lockedNames(unlocked)]).toEqual(['a']);
    expect('locked' in unlocked.layers[1]).toBe(false);
  });

  it('keeps locked layers out of align and distribute', () => {
    const locked = toggleLocked(base, ['b']);
    const aligned = alignLayers(locked, ['a', 'b', 'c'], 'top', lockedNames(locked));
    expect(aligned.layers[1]).toBe(locked.layers[1]);
  });

  it('brings forward and sends backward one step, keeping a block together at the ends', () => {
    const names = (design: Design) => design.layers.map((layer) => layer.name).join('');
    expect(names(restack(base, ['b'], 'forward'))).toBe('acbd');
    expect(names(restack(base, ['b'], 'backward'))).toBe('bacd');
    expect(names(restack(base, ['a', 'c'], 'forward'))).toBe('badc');
    expect(restack(base, ['c', 'd'], 'forward')).toBe(base);
    expect(restack(base, ['a'], 'backward')).toBe(base);
  });
});
