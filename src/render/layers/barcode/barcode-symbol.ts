import type BwipJs from 'bwip-js';
import type { BarcodeSymbology } from '../../../design/layers/barcode/barcode-value';

/** A symbol as bwip-js lays it out, in modules (y down): filled rectangles and polygons, and its extent. */
export interface BarcodeSymbol {
  width: number;
  height: number;
  /** `x, y, width, height` of each bar. */
  bars: number[];
  /** Closed polygons (2D modules, ITF-14's bearer frame), filled together with the non-zero rule. */
  polygons: Array<Array<[number, number]>>;
}

// The same value is often drawn again at other sizes and formats: each thread keeps the last few symbols.
const SYMBOL_CACHE_SIZE = 32;
const symbols = new Map<string, BarcodeSymbol>();

/**
 * Encodes `value` with bwip-js (Barcode Writer in Pure PostScript) and records its drawing at one unit per module,
 * so the drawer can place the same vectors at any size on any surface (bars stay paths in PDF and SVG). Throws
 * when bwip-js refuses the value (the design model's check should have caught it).
 */
export function barcodeSymbol(symbology: BarcodeSymbology, value: string): BarcodeSymbol {
  const cacheKey = `${symbology}:${value}`;
  const cached = symbols.get(cacheKey);
  if (cached) return cached;
  const symbol: BarcodeSymbol = { width: 0, height: 0, bars: [], polygons: [] };
  // Loaded on the first barcode: a render thread that never draws one starts without it (~50 ms).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const bwipjs = require('bwip-js') as typeof BwipJs;
  bwipjs.render(
    { bcid: symbology, text: value, scale: 1, includetext: false, paddingwidth: 0, paddingheight: 0 },
    {
      scale: () => [1, 1],
      measure: () => ({ width: 0, ascent: 0, descent: 0 }),
      init(width, height) {
        symbol.width = width;
        symbol.height = height;
      },
      // Bars: orthogonal lines in bwip-js's pixel convention (its own raster drawing): the bar covers the pixels
      // from `x - ceil(width / 2)`, and both end pixels along its length.
      line(x0, y0, x1, y1, lineWidth) {
        const before = Math.ceil(lineWidth / 2);
        if (x0 === x1) symbol.bars.push(x0 - before, Math.min(y0, y1), lineWidth, Math.abs(y1 - y0) + 1);
        else symbol.bars.push(Math.min(x0, x1), y0 - before, Math.abs(x1 - x0) + 1, lineWidth);
      },
      polygon(points) {
        symbol.polygons.push(points.map(([x, y]) => [x, y]));
      },
      hexagon(points) {
        symbol.polygons.push(points.map(([x, y]) => [x, y]));
      },
      // Only MaxiCode and DotCode draw ellipses; neither is offered.
      ellipse: () => undefined,
      fill: () => undefined,
      text: () => undefined,
      end: () => undefined,
    },
  );
  if (symbols.size >= SYMBOL_CACHE_SIZE) symbols.delete(symbols.keys().next().value!);
  symbols.set(cacheKey, symbol);
  return symbol;
}
