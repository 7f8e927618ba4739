import { createCanvas } from '@napi-rs/canvas';
import { DrawnPixels, drawPixels } from '../../../../test/support/draw-pixels';

/** What §15's drawn-only fields (background, shadow, stroke, underline, letter spacing) and opacity put on the canvas. */

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

type Pixel = [number, number, number, number];

/** The bounding box of the pixels `matches` picks, or null. */
function inkBox(drawn: DrawnPixels, matches: (pixel: Pixel) => boolean): Box | null {
  let box: Box | null = null;
  for (let y = 0; y < drawn.height; y++) {
    for (let x = 0; x < drawn.width; x++) {
      if (!matches(drawn.at(x, y))) continue;
      box = box
        ? { left: Math.min(box.left, x), right: Math.max(box.right, x), top: Math.min(box.top, y), bottom: Math.max(box.bottom, y) }
        : { left: x, right: x, top: y, bottom: y };
    }
  }
  return box;
}

const isBlack = ([r, g, b]: Pixel) => r < 60 && g < 60 && b < 60;
const isBlue = ([r, g, b]: Pixel) => b > 150 && r < 110 && g < 110;
const isRed = ([r, g, b]: Pixel) => r > 200 && g < 60 && b < 60;
const isGreen = ([r, g, b]: Pixel) => g > 150 && r < 110 && b < 110;
const notWhite = ([r, g, b]: Pixel) => r < 200 || g < 200 || b < 200;

/** Black Inter on white, 400×160 design, with `fields` on the layer. */
const card = (fields: Record<string, unknown>, output: { width?: number; height?: number; saveAs?: string } = {}) =>
  drawPixels(
    {
      width: 400,
      height: 160,
      background: '#ffffff',
      layers: [{ name: 't', type: 'text', x: 40, y: 40, width: 320, height: 80, text: 'HHHH', fontSize: 48, color: '#000000', ...fields }],
    },
    output,
  );

describe('text drawing: the §15 fields that only show in pixels', () => {
  it('draws a line background behind the ink, padded', async () => {
    const plain = await card({});
    const highlighted = await card({ background: { color: '#ff0000', padding: 10, radius: 0 } }, { saveAs: 'text-background.png' });
    const ink = inkBox(plain, isBlack)!;
    const red = inkBox(highlighted, isRed)!;
    expect(red).not.toBeNull();
    // The highlight reaches past the ink by about the padding on each side, and the text still draws on top.
    expect(ink.left - red.left).toBeGreaterThanOrEqual(8);
    expect(red.right - ink.right).toBeGreaterThanOrEqual(8);
    expect(inkBox(highlighted, isBlack)).toEqual(ink);
    expect(inkBox(plain, isRed)).toBeNull();
  });

  it('draws the shadow at its offset, in the shadow colour', async () => {
    const drawn = await card({ shadow: { color: '#0000ff', blur: 0, offsetX: 20, offsetY: 10 } }, { saveAs: 'text-shadow.png' });
    const ink = inkBox(drawn, isBlack)!;
    const shadow = inkBox(drawn, isBlue)!;
    expect(shadow).not.toBeNull();
    expect(Math.abs(shadow.right - (ink.right + 20))).toBeLessThanOrEqual(2);
    expect(Math.abs(shadow.bottom - (ink.bottom + 10))).toBeLessThanOrEqual(2);
  });

  it('scales the shadow with the output size, as the text', async () => {
    const drawn = await card({ shadow: { color: '#0000ff', blur: 0, offsetX: 20, offsetY: 10 } }, { width: 800, height: 320, saveAs: 'text-shadow-2x.png' });
    const ink = inkBox(drawn, isBlack)!;
    const shadow = inkBox(drawn, isBlue)!;
    expect(Math.abs(shadow.right - (ink.right + 40))).toBeLessThanOrEqual(3);
    expect(Math.abs(shadow.bottom - (ink.bottom + 20))).toBeLessThanOrEqual(3);
  });

  it('turns the shadow with the layer: offsetX points down in a layer rotated 90°', async () => {
    const drawn = await drawPixels(
      {
        width: 400,
        height: 400,
        background: '#ffffff',
        layers: [
          {
            name: 't',
            type: 'text',
            x: 40,
            y: 160,
            width: 320,
            height: 80,
            text: 'HHHH',
            fontSize: 48,
            color: '#000000',
            rotation: 90,
            shadow: { color: '#0000ff', blur: 0, offsetX: 20, offsetY: 0 },
          },
        ],
      },
      { saveAs: 'text-shadow-rotated.png' },
    );
    const ink = inkBox(drawn, isBlack)!;
    const shadow = inkBox(drawn, isBlue)!;
    expect(Math.abs(shadow.bottom - (ink.bottom + 20))).toBeLessThanOrEqual(2);
    expect(Math.abs(shadow.left - ink.left)).toBeLessThanOrEqual(2);
  });

  it('blurs the shadow in proportion to the output size', async () => {
    // A blurred shadow spreads past its sharp edge; at twice the size, twice as far.
    const spread = async (scale: number) => {
      const drawn = await card(
        { color: '#ffffff', shadow: { color: '#0000ff', blur: 8, offsetX: 0, offsetY: 0 } },
        { width: 400 * scale, height: 160 * scale },
      );
      const sharp = inkBox(await card({ color: '#0000ff' }, { width: 400 * scale, height: 160 * scale }), notWhite)!;
      const blurred = inkBox(drawn, notWhite)!;
      return sharp.left - blurred.left;
    };
    const single = await spread(1);
    const double = await spread(2);
    expect(single).toBeGreaterThan(2);
    expect(double / single).toBeGreaterThan(1.6);
    expect(double / single).toBeLessThan(2.4);
  });

  it('outlines the letters with the stroke under the fill', async () => {
    const plain = await card({});
    const stroked = await card({ strokeColor: '#00ff00', strokeWidth: 8 }, { saveAs: 'text-stroke.png' });
    const ink = inkBox(plain, isBlack)!;
    const outline = inkBox(stroked, isGreen)!;
    expect(outline).not.toBeNull();
    // Half the stroke's width outside the glyphs on each side.
    expect(ink.left - outline.left).toBeGreaterThanOrEqual(3);
    expect(outline.right - ink.right).toBeGreaterThanOrEqual(3);
    // Under the fill: the letters' inside stays black.
    const middle = Math.round((ink.top + ink.bottom) / 2);
    expect(isBlack(stroked.at(ink.left + 3, middle))).toBe(true);
  });

  it('underlines an underlined span across its width, below the baseline', async () => {
    const plain = await card({ spans: [{ text: 'HHHH' }] });
    const underlined = await card({ spans: [{ text: 'HHHH', underline: true }] }, { saveAs: 'text-underline.png' });
    const ink = inkBox(plain, isBlack)!;
    const withLine = inkBox(underlined, isBlack)!;
    expect(withLine.bottom).toBeGreaterThan(ink.bottom + 2);
    // A row under the letters that is black from the first letter's left edge to the last one's right.
    const row = withLine.bottom;
    const covered = Array.from({ length: ink.right - ink.left + 1 }, (_, index) => isBlack(underlined.at(ink.left + index, row))).filter(Boolean).length;
    expect(covered / (ink.right - ink.left + 1)).toBeGreaterThan(0.9);
  });

  it('draws the layer at its opacity', async () => {
    const drawn = await card({ opacity: 0.5 }, { saveAs: 'text-opacity.png' });
    const darkest = Math.min(...Array.from({ length: drawn.width * drawn.height }, (_, index) => drawn.data[index * 4]));
    // Black at half opacity over white: mid grey inside the glyphs, nothing darker.
    expect(darkest).toBeGreaterThanOrEqual(120);
    expect(darkest).toBeLessThanOrEqual(136);
  });

  it('spaces the letters apart by letterSpacing', async () => {
    const plain = inkBox(await card({}), isBlack)!;
    const spaced = inkBox(await card({ letterSpacing: 20 }, { saveAs: 'text-letter-spacing.png' }), isBlack)!;
    // Three gaps between four letters grow by 20 px each (a trailing space after the last letter is not ink).
    const growth = spaced.right - spaced.left - (plain.right - plain.left);
    expect(growth).toBeGreaterThanOrEqual(57);
    expect(growth).toBeLessThanOrEqual(63);
  });

  describe('lines that cannot reach the canvas are not drawn, and nothing visible changes', () => {
    const long = Array.from({ length: 250 }, (_, index) => `line ${index} ع ${'漢字'.repeat(index % 3)}`).join(' ');
    const tall = (height: number, fields: Record<string, unknown> = {}) =>
      drawPixels({
        width: 300,
        height,
        background: '#ffffff',
        layers: [{ name: 't', type: 'text', x: 10, y: -60, width: 280, height: 4000, text: long, fontSize: 20, color: '#000000', ...fields }],
      });

    /** The top `rows` rows of `drawn`, as bytes. */
    const top = (drawn: DrawnPixels, rows: number) => Buffer.from(drawn.data.buffer, drawn.data.byteOffset, drawn.width * rows * 4);

    it('draws only the lines that reach the canvas', async () => {
      const context = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as { fillText: (...args: unknown[]) => void };
      const fillText = jest.spyOn(context, 'fillText');
      try {
        await tall(4000);
        const everyRun = fillText.mock.calls.length;
        fillText.mockClear();
        await tall(200);
        // ~9 of the ~140 lines fall on 200 rows (with the margin's two lines above and below).
        expect(fillText.mock.calls.length).toBeGreaterThan(0);
        expect(fillText.mock.calls.length).toBeLessThan(everyRun / 4);
      } finally {
        fillText.mockRestore();
      }
    });

    it.each([
      ['plain', {}],
      [
        'with a shadow cast from a line above the edge, a stroke and a line background',
        {
          shadow: { color: '#0000ff', blur: 4, offsetX: 0, offsetY: 70 },
          strokeColor: '#00ff00',
          strokeWidth: 6,
          background: { color: '#ffcccc', padding: 12, radius: 0 },
        },
      ],
      ['rotated', { rotation: 7 }],
    ])('%s: the top of a 200-row canvas equals the top of a 4,000-row one', async (_label, fields) => {
      const short = await tall(200, fields);
      const full = await tall(4000, fields);
      expect(top(short, 200).equals(top(full, 200))).toBe(true);
    });
  });
});
