import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { drawPixels } from '../../../../test/support/draw-pixels';
import { createTemplateSchema } from '../../../design/template.schema';
import { applyOverride } from '../../../design/layer-registry';
import { QR_BYTE_CAPACITY, QR_ERROR_CORRECTION_LEVELS, qrLayerSchema } from '../../../design/layers/qr/qr-layer.definition';

const VALUE = 'https://pictor.example/r/42?utm=card';

function qrDesign(layer: Record<string, unknown>, size = 300, background = '#ff0000') {
  return {
    width: size,
    height: size,
    background,
    layers: [{ name: 'code', type: 'qr', x: 20, y: 20, width: size - 40, height: size - 40, text: VALUE, ...layer }],
  };
}

describe('qr layer', () => {
  it.each(QR_ERROR_CORRECTION_LEVELS)('decodes with jsQR at error correction %s and several output sizes', async (level) => {
    for (const outputSize of [137, 300, 611]) {
      const drawn = await drawPixels(qrDesign({ errorCorrection: level }), { width: outputSize, height: outputSize, saveAs: `qr-${level}-${outputSize}.png` });
      const decoded = jsQR(drawn.data, drawn.width, drawn.height);
      expect({ level, outputSize, text: decoded?.data }).toEqual({ level, outputSize, text: VALUE });
    }
  });

  it('decodes non-ASCII values (byte mode, UTF-8)', async () => {
    const text = 'Grüße, 世界 ✓';
    const drawn = await drawPixels(qrDesign({ text }), { saveAs: 'qr-utf8.png' });
    const decoded = jsQR(drawn.data, drawn.width, drawn.height);
    expect(decoded && Buffer.from(decoded.binaryData).toString('utf8')).toBe(text);
  });

  it('draws module edges on whole output pixels: only the two colours inside the code, at a fractional scale', async () => {
    // Design 300 → output 437: scale 1.4567, module edges fall between pixels unless snapped.
    const drawn = await drawPixels(qrDesign({ x: 17, y: 23, width: 211, height: 211, margin: 3 }), { width: 437, height: 437, saveAs: 'qr-crisp.png' });
    const colours = new Map<string, number>();
    for (let offset = 0; offset < drawn.data.length; offset += 4) {
      const key = `${drawn.data[offset]},${drawn.data[offset + 1]},${drawn.data[offset + 2]}`;
      colours.set(key, (colours.get(key) ?? 0) + 1);
    }
    // Black modules, white background and quiet zone, and the red page around it: nothing in between.
    expect([...colours.keys()].sort()).toEqual(['0,0,0', '255,0,0', '255,255,255']);
  });

  it('fills the square centred in a non-square box, with the quiet zone in the background colour', async () => {
    const drawn = await drawPixels(
      { width: 400, height: 200, background: '#ff0000', layers: [{ name: 'code', type: 'qr', x: 0, y: 0, width: 400, height: 200, text: 'hi', margin: 4 }] },
      { saveAs: 'qr-centred.png' },
    );
    // The 200 px square sits at x = 100..300; left of it is the page, its first pixels are quiet zone.
    expect(drawn.at(50, 100)).toEqual([255, 0, 0, 255]);
    expect(drawn.at(102, 100)).toEqual([255, 255, 255, 255]);
    expect(drawn.at(297, 100)).toEqual([255, 255, 255, 255]);
    expect(drawn.at(350, 100)).toEqual([255, 0, 0, 255]);
    // The top-left finder pattern starts right after 4 quiet modules (200 / 29 modules ≈ 6.9 px each).
    expect(drawn.at(100 + Math.ceil((4 * 200) / 29) + 1, Math.ceil((4 * 200) / 29) + 1)).toEqual([0, 0, 0, 255]);
    expect(jsQR(drawn.data, drawn.width, drawn.height)?.data).toBe('hi');
  });

  it('draws colour and background as given', async () => {
    const drawn = await drawPixels(qrDesign({ color: '#1d4ed8', background: '#fef08a', margin: 2 }), { saveAs: 'qr-colours.png' });
    const found = new Set<string>();
    for (let offset = 0; offset < drawn.data.length; offset += 4) found.add(`${drawn.data[offset]},${drawn.data[offset + 1]},${drawn.data[offset + 2]}`);
    expect([...found].sort()).toEqual(['254,240,138', '255,0,0', '29,78,216']);
    expect(jsQR(drawn.data, drawn.width, drawn.height)?.data).toBe(VALUE);
  });

  it('draws nothing for an empty value', async () => {
    const drawn = await drawPixels(qrDesign({ text: '' }));
    expect(drawn.at(150, 150)).toEqual([255, 0, 0, 255]);
  });

  it('has capacities that match the encoder: the last byte that fits, and one more that does not', () => {
    for (const level of QR_ERROR_CORRECTION_LEVELS) {
      const capacity = QR_BYTE_CAPACITY[level];
      expect(QRCode.create([{ data: Buffer.alloc(capacity, 97), mode: 'byte' }], { errorCorrectionLevel: level }).version).toBe(40);
      expect(() => QRCode.create([{ data: Buffer.alloc(capacity + 1, 97), mode: 'byte' }], { errorCorrectionLevel: level })).toThrow(/too big/);
    }
  });

  it('refuses at save a value too long for its level (counted in UTF-8 bytes)', () => {
    const base = { name: 'code', type: 'qr', width: 100, height: 100 };
    expect(qrLayerSchema.safeParse({ ...base, text: 'a'.repeat(1273), errorCorrection: 'H' }).success).toBe(true);
    const tooLong = qrLayerSchema.safeParse({ ...base, text: 'a'.repeat(1274), errorCorrection: 'H' });
    expect(tooLong.error?.issues[0]).toMatchObject({ path: ['text'], message: expect.stringContaining('at most 1273') });
    // 'é' is 2 bytes: 1200 of them exceed M's 2331 bytes, though they are 1200 characters.
    expect(qrLayerSchema.safeParse({ ...base, text: 'é'.repeat(1200) }).success).toBe(false);
    expect(qrLayerSchema.safeParse({ ...base, text: 'x', errorCorrection: 'X' }).success).toBe(false);
    expect(qrLayerSchema.safeParse({ ...base, text: 'x', margin: -1 }).success).toBe(false);
  });

  it('skips an overridden layer whose value no longer fits, with a qr_overflow warning', () => {
    const [layer] = createTemplateSchema.parse({ name: 't', ...qrDesign({ errorCorrection: 'H' }) }).layers;
    const fits = applyOverride(layer, { text: 'short' });
    expect(fits).toMatchObject({ layer: { text: 'short', hidden: false }, warning: null });
    const overflow = applyOverride(layer, { text: 'a'.repeat(1274) });
    expect(overflow.layer.hidden).toBe(true);
    expect(overflow.warning).toMatchObject({ code: 'qr_overflow', layer: 'code' });
    // Hidden by the request: nothing to warn about.
    expect(applyOverride(layer, { text: 'a'.repeat(1274), hidden: true }).warning).toBeNull();
  });
});
