import type { SKRSContext2D } from '@napi-rs/canvas';
import { RenderWarningCode } from '../../../design/render-warning';
import { DEFAULT_FONT_FAMILY } from '../../../design/font-family';
import type { BarcodeLayer } from '../../../design/layers/barcode/barcode-layer.definition';
import { encodedBarcodeValue, isLinearSymbology } from '../../../design/layers/barcode/barcode-value';
import type { LayerDrawer } from '../layer-drawer';
import { barcodeSymbol, type BarcodeSymbol } from './barcode-symbol';

/** Quiet zone each side, in modules: 10 for linear codes (ISO/IEC 15417 asks 10× for Code 128), 2 for 2D codes. */
const LINEAR_QUIET_ZONE = 10;
const MATRIX_QUIET_ZONE = 2;
/** The human-readable line: at most this share of the box's height; its band is the font size × 1.4. */
const TEXT_HEIGHT_SHARE = 0.18;
const TEXT_BAND = 1.4;

interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Fills the symbol's bars and polygons, scaled from its modules (plus `quiet` each side) onto `area`. */
function fillSymbol(ctx: SKRSContext2D, symbol: BarcodeSymbol, area: Area, quietX: number, quietY: number) {
  const scaleX = area.width / (symbol.width + 2 * quietX);
  const scaleY = area.height / (symbol.height + 2 * quietY);
  const left = area.x + quietX * scaleX;
  const top = area.y + quietY * scaleY;
  ctx.beginPath();
  const { bars } = symbol;
  for (let index = 0; index < bars.length; index += 4)
    ctx.rect(left + bars[index] * scaleX, top + bars[index + 1] * scaleY, bars[index + 2] * scaleX, bars[index + 3] * scaleY);
  for (const polygon of symbol.polygons) {
    ctx.moveTo(left + polygon[0][0] * scaleX, top + polygon[0][1] * scaleY);
    for (let index = 1; index < polygon.length; index++) ctx.lineTo(left + polygon[index][0] * scaleX, top + polygon[index][1] * scaleY);
    ctx.closePath();
  }
  ctx.fill('nonzero');
}

/** The human-readable value centred under the bars: as large as fits the width and its share of the height. */
function drawValue(ctx: SKRSContext2D, value: string, box: Area): number {
  ctx.font = `100px "${DEFAULT_FONT_FAMILY}"`;
  const widthAt100 = ctx.measureText(value).width;
  const size = Math.min(box.height * TEXT_HEIGHT_SHARE, widthAt100 > 0 ? (100 * box.width * 0.9) / widthAt100 : Infinity);
  if (!(size >= 1)) return 0;
  ctx.font = `${size}px "${DEFAULT_FONT_FAMILY}"`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(value, box.x + box.width / 2, box.y + box.height - size * 0.25);
  return size * TEXT_BAND;
}

/**
 * Draws the layer's code as filled paths (vectors in PDF and SVG). An empty value draws nothing; a value bwip-js
 * refuses (which the design model's check lets through only by mistake) warns `barcode_invalid` and draws nothing.
 */
export const drawBarcode: LayerDrawer<BarcodeLayer> = (ctx, layer, { warnings }) => {
  if (!layer.text) return;
  const value = encodedBarcodeValue(layer.symbology, layer.text);
  let symbol: BarcodeSymbol;
  try {
    symbol = barcodeSymbol(layer.symbology, value);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^bwipp\.\w+#\d+: /, '') : String(error);
    warnings.push({ code: RenderWarningCode.BARCODE_INVALID, layer: layer.name, message: `${reason}; layer skipped` });
    return;
  }
  const box: Area = { x: layer.x, y: layer.y, width: layer.width, height: layer.height };
  ctx.fillStyle = layer.background;
  ctx.fillRect(box.x, box.y, box.width, box.height);
  ctx.fillStyle = layer.color;
  if (layer.symbology === 'datamatrix') {
    const side = Math.min(box.width, box.height);
    const square = { x: box.x + (box.width - side) / 2, y: box.y + (box.height - side) / 2, width: side, height: side };
    fillSymbol(ctx, symbol, square, MATRIX_QUIET_ZONE, MATRIX_QUIET_ZONE);
  } else if (!isLinearSymbology(layer.symbology)) {
    fillSymbol(ctx, symbol, box, MATRIX_QUIET_ZONE, MATRIX_QUIET_ZONE);
  } else {
    const band = layer.showText === false ? 0 : drawValue(ctx, value, box);
    fillSymbol(ctx, symbol, { ...box, height: Math.max(0, box.height - band) }, LINEAR_QUIET_ZONE, 0);
  }
};
