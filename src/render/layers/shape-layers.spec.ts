import { drawPixels } from '../../../test/support/draw-pixels';
import { createTemplateSchema } from '../../design/template.schema';
import { applyOverride } from '../../design/layer-registry';
import { gradientLine } from './shape-paint.draw';

const RED = [255, 0, 0, 255];
const BLUE = [0, 0, 255, 255];
const WHITE = [255, 255, 255, 255];
const BLACK = [0, 0, 0, 255];

const redToBlue = (angle: number) => ({
  type: 'linear',
  angle,
  stops: [
    { offset: 0, color: '#ff0000' },
    { offset: 1, color: '#0000ff' },
  ],
});

async function gradientCard(angle: number) {
  return drawPixels(
    { width: 200, height: 100, layers: [{ name: 'g', type: 'rect', width: 200, height: 100, gradient: redToBlue(angle) }] },
    { saveAs: `gradient-${angle}.png` },
  );
}

/** Red share of a pixel: 1 at the first stop, 0 at the last. */
const redness = ([r, , b]: number[]) => r / (r + b);

describe('linear gradient (CSS angles)', () => {
  it('90 runs left → right', async () => {
    const drawn = await gradientCard(90);
    expect(redness(drawn.at(1, 50))).toBeGreaterThan(0.98);
    expect(redness(drawn.at(198, 50))).toBeLessThan(0.02);
    expect(Math.abs(redness(drawn.at(100, 50)) - 0.5)).toBeLessThan(0.03);
    // Same colour along a column (within the gradient's dithering).
    const [top, bottom] = [drawn.at(50, 2), drawn.at(50, 97)];
    expect(Math.max(...top.map((channel, index) => Math.abs(channel - bottom[index])))).toBeLessThanOrEqual(2);
  });

  it('0 runs bottom → top, 180 top → bottom', async () => {
    const up = await gradientCard(0);
    expect(redness(up.at(100, 98))).toBeGreaterThan(0.97);
    expect(redness(up.at(100, 1))).toBeLessThan(0.03);
    const down = await gradientCard(180);
    expect(redness(down.at(100, 1))).toBeGreaterThan(0.97);
    expect(redness(down.at(100, 98))).toBeLessThan(0.03);
  });

  it('45 runs from the bottom-left corner to the top-right corner', async () => {
    const drawn = await gradientCard(45);
    expect(redness(drawn.at(0, 99))).toBeGreaterThan(0.97);
    expect(redness(drawn.at(199, 0))).toBeLessThan(0.03);
    expect(Math.abs(redness(drawn.at(100, 50)) - 0.5)).toBeLessThan(0.03);
  });

  it('spans the box as CSS does: the line reaches the far corners', () => {
    // CSS: gradient length = |w sin a| + |h cos a|.
    const line = gradientLine({ x: 0, y: 0, width: 200, height: 100 }, 45);
    expect(Math.hypot(line.x1 - line.x0, line.y1 - line.y0)).toBeCloseTo(200 * Math.SQRT1_2 + 100 * Math.SQRT1_2, 6);
  });

  it('draws on an ellipse too, instead of its fill', async () => {
    const drawn = await drawPixels({
      width: 200,
      height: 200,
      layers: [{ name: 'e', type: 'ellipse', width: 200, height: 200, fill: '#00ff00', gradient: redToBlue(90) }],
    });
    expect(redness(drawn.at(5, 100))).toBeGreaterThan(0.95);
    expect(drawn.at(100, 100)[1]).toBe(0);
  });
});

describe('ellipse and borders', () => {
  it('draws an ellipse inscribed in its box', async () => {
    const drawn = await drawPixels(
      { width: 240, height: 140, layers: [{ name: 'e', type: 'ellipse', x: 20, y: 20, width: 200, height: 100, fill: '#000000' }] },
      { saveAs: 'ellipse.png' },
    );
    expect(drawn.at(120, 70)).toEqual(BLACK);
    expect(drawn.at(120, 23)).toEqual(BLACK); // top of the ellipse
    expect(drawn.at(23, 70)).toEqual(BLACK); // left end
    expect(drawn.at(40, 30)).toEqual(WHITE); // inside the box, outside the ellipse
    expect(drawn.at(10, 70)).toEqual(WHITE);
  });

  it('draws a rect border inside the box, over the fill', async () => {
    const drawn = await drawPixels(
      {
        width: 200,
        height: 200,
        background: '#000000',
        layers: [{ name: 'r', type: 'rect', x: 50, y: 50, width: 100, height: 100, fill: '#ffffff', borderColor: '#ff0000', borderWidth: 10 }],
      },
      { saveAs: 'rect-border.png' },
    );
    expect(drawn.at(45, 100)).toEqual(BLACK); // outside: the border does not grow the box
    expect(drawn.at(51, 100)).toEqual(RED);
    expect(drawn.at(58, 100)).toEqual(RED);
    expect(drawn.at(61, 100)).toEqual(WHITE);
    expect(drawn.at(100, 148)).toEqual(RED);
    expect(drawn.at(100, 100)).toEqual(WHITE);
  });

  it('draws an ellipse border inside the ellipse', async () => {
    const drawn = await drawPixels(
      {
        width: 220,
        height: 220,
        layers: [{ name: 'e', type: 'ellipse', x: 10, y: 10, width: 200, height: 200, fill: '#ffff00', borderColor: '#0000ff', borderWidth: 20 }],
      },
      { saveAs: 'ellipse-border.png' },
    );
    expect(drawn.at(110, 5)).toEqual(WHITE);
    expect(drawn.at(110, 20)).toEqual(BLUE);
    expect(drawn.at(20, 110)).toEqual(BLUE);
    expect(drawn.at(110, 40)).toEqual([255, 255, 0, 255]);
    expect(drawn.at(110, 110)).toEqual([255, 255, 0, 255]);
  });

  it('refuses a border wider than half the smaller side, and bad gradients', () => {
    const parse = (layer: Record<string, unknown>) =>
      createTemplateSchema.safeParse({ name: 't', width: 100, height: 100, layers: [{ name: 'l', width: 200, height: 100, ...layer }] });
    expect(parse({ type: 'rect', borderWidth: 50 }).success).toBe(true);
    for (const type of ['rect', 'ellipse']) {
      const wide = parse({ type, borderWidth: 50.5 });
      expect(wide.error?.issues[0]).toMatchObject({ path: ['layers', 0, 'borderWidth'], message: expect.stringContaining('half the smaller') });
      expect(parse({ type, gradient: { type: 'linear', angle: 0, stops: [{ offset: 0, color: '#000000' }] } }).success).toBe(false);
      expect(
        parse({
          type,
          gradient: {
            type: 'linear',
            angle: 0,
            stops: [
              { offset: 0.6, color: '#000000' },
              { offset: 0.5, color: '#ffffff' },
            ],
          },
        }).success,
      ).toBe(false);
      expect(
        parse({
          type,
          gradient: {
            type: 'linear',
            angle: 0,
            stops: [
              { offset: 0, color: '#000000' },
              { offset: 1.5, color: '#ffffff' },
            ],
          },
        }).success,
      ).toBe(false);
      expect(
        parse({
          type,
          gradient: {
            type: 'radial',
            stops: [
              { offset: 0, color: '#000000' },
              { offset: 1, color: '#ffffff' },
            ],
          },
        }).success,
      ).toBe(false);
      expect(parse({ type, gradient: redToBlue(30) }).success).toBe(true);
      expect(parse({ type, borderWidth: -1 }).success).toBe(false);
    }
    expect(parse({ type: 'ellipse', radius: 4 }).success).toBe(false);
  });

  it('lets a fill override replace the template gradient', () => {
    const [layer] = createTemplateSchema.parse({
      name: 't',
      width: 10,
      height: 10,
      layers: [{ name: 'r', type: 'rect', width: 10, height: 10, gradient: redToBlue(0) }],
    }).layers;
    expect(applyOverride(layer, { fill: '#123456' }).layer).toMatchObject({ fill: '#123456', gradient: null });
    expect(applyOverride(layer, { hidden: false }).layer).toMatchObject({ gradient: redToBlue(0) });
  });
});

describe('rotation (every layer type)', () => {
  it('turns a layer clockwise about its centre', async () => {
    const design = (rotation: number) => ({
      width: 200,
      height: 200,
      layers: [{ name: 'bar', type: 'rect', x: 50, y: 90, width: 100, height: 20, fill: '#ff0000', rotation }],
    });
    const flat = await drawPixels(design(0));
    expect(flat.at(60, 100)).toEqual(RED);
    expect(flat.at(100, 60)).toEqual(WHITE);
    const upright = await drawPixels(design(90), { saveAs: 'rotated-90.png' });
    expect(upright.at(60, 100)).toEqual(WHITE);
    expect(upright.at(100, 60)).toEqual(RED);
    // 45° clockwise: the right end goes down, the left end up.
    const tilted = await drawPixels(design(45), { saveAs: 'rotated-45.png' });
    expect(tilted.at(130, 130)).toEqual(RED);
    expect(tilted.at(70, 70)).toEqual(RED);
    expect(tilted.at(130, 70)).toEqual(WHITE);
  });

  it('rotates a QR code too (it still decodes)', async () => {
    const jsQR = (await import('jsqr')).default;
    const drawn = await drawPixels(
      { width: 300, height: 300, layers: [{ name: 'q', type: 'qr', x: 50, y: 50, width: 200, height: 200, text: 'rotated', rotation: 30 }] },
      { saveAs: 'qr-rotated.png' },
    );
    expect(jsQR(drawn.data, drawn.width, drawn.height)?.data).toBe('rotated');
  });
});
