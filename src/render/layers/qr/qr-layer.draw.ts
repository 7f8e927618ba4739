import type QRCodeModule from 'qrcode';
import type { LayerDrawer } from '../layer-drawer';
import type { QrErrorCorrection, QrLayer } from '../../../design/layers/qr/qr-layer.definition';

interface QrMatrix {
  size: number;
  /** Row-major, 1 = dark module. */
  dark: Uint8Array;
}

// Encoding (8 mask evaluations) costs more than drawing; the same code is often drawn again at
// other sizes and formats, so each thread keeps the last few matrices.
const MATRIX_CACHE_SIZE = 32;
const matrices = new Map<string, QrMatrix>();

export function qrMatrix(text: string, level: QrErrorCorrection): QrMatrix {
  const cacheKey = `${level}:${text}`;
  const cached = matrices.get(cacheKey);
  if (cached) return cached;
  // Byte mode always (as the contract says): the value's UTF-8 bytes, whatever characters it holds.
  // Loaded on the first QR code: a render thread that never draws one starts without it (~40 ms with pngjs).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const QRCode = require('qrcode') as typeof QRCodeModule;
  const symbol = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: level });
  const matrix = { size: symbol.modules.size, dark: symbol.modules.data };
  if (matrices.size >= MATRIX_CACHE_SIZE) matrices.delete(matrices.keys().next().value!);
  matrices.set(cacheKey, matrix);
  return matrix;
}

/** `count + 1` edges from `start` to `start + length`, rounded to whole pixels when `snap`. */
function moduleEdges(start: number, length: number, count: number, snap: boolean): Float64Array {
  const edges = new Float64Array(count + 1);
  for (let index = 0; index <= count; index++) {
    const edge = start + (length * index) / count;
    edges[index] = snap ? Math.round(edge) : edge;
  }
  return edges;
}

/**
 * Draws the code as rectangles filling the layer's square. When the context maps the design to the
 * output without rotation or skew (the usual case), module edges are computed in output pixels and
 * rounded to whole pixels, so no module edge is anti-aliased at any output size.
 */
export const drawQr: LayerDrawer<QrLayer> = (ctx, layer) => {
  if (!layer.text) return;
  const matrix = qrMatrix(layer.text, layer.errorCorrection);
  const count = matrix.size + 2 * layer.margin;
  const side = Math.min(layer.width, layer.height);
  let left = layer.x + (layer.width - side) / 2;
  let top = layer.y + (layer.height - side) / 2;
  let width = side;
  let height = side;
  const transform = ctx.getTransform();
  const axisAligned = transform.b === 0 && transform.c === 0;
  ctx.save();
  if (axisAligned) {
    left = transform.a * left + transform.e;
    top = transform.d * top + transform.f;
    width *= transform.a;
    height *= transform.d;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
  }
  const edgesX = moduleEdges(left, width, count, axisAligned);
  const edgesY = moduleEdges(top, height, count, axisAligned);
  const box = (column: number, row: number, columns: number, rows: number) => {
    const x0 = edgesX[column];
    const x1 = edgesX[column + columns];
    const y0 = edgesY[row];
    const y1 = edgesY[row + rows];
    ctx.rect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
  };

  ctx.fillStyle = layer.background;
  ctx.beginPath();
  box(0, 0, count, count);
  ctx.fill();

  // One path of horizontal runs of dark modules: a few hundred rectangles, one fill.
  ctx.fillStyle = layer.color;
  ctx.beginPath();
  const { size, dark } = matrix;
  for (let row = 0; row < size; row++) {
    let column = 0;
    while (column < size) {
      if (!dark[row * size + column]) {
        column++;
        continue;
      }
      const runStart = column;
      while (column < size && dark[row * size + column]) column++;
      box(layer.margin + runStart, layer.margin + row, column - runStart, 1);
    }
  }
  ctx.fill();
  ctx.restore();
};
