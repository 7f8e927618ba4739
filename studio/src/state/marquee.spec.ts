import { Design } from './design';
import { layersInRect, rectBetween } from './marquee';

const design: Design = {
  name: 'T',
  width: 1000,
  height: 600,
  background: '#fff',
  publicRender: true,
  layers: [
    { name: 'a', type: 'rect', x: 10, y: 10, width: 100, height: 100 },
    { name: 'b', type: 'rect', x: 300, y: 10, width: 100, height: 100 },
    { name: 'c', type: 'rect', x: 600, y: 400, width: 100, height: 100 },
    { name: 'ghost', type: 'rect', x: 20, y: 20, width: 10, height: 10, hidden: true },
  ],
};

describe('selection box', () => {
  it('spans two corners in any direction', () => {
    expect(rectBetween({ x: 50, y: 80 }, { x: 10, y: 20 })).toEqual({ x: 10, y: 20, width: 40, height: 60 });
  });

  it('selects the visible layers it touches or encloses, top first', () => {
    expect(layersInRect(design, { x: 0, y: 0, width: 320, height: 50 })).toEqual(['b', 'a']);
    expect(layersInRect(design, { x: 590, y: 390, width: 200, height: 200 })).toEqual(['c']);
    expect(layersInRect(design, { x: 150, y: 200, width: 100, height: 100 })).toEqual([]);
  });
});
