import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { DRAWN_DIR, drawPixels } from '../../../../test/support/draw-pixels';
import { applyOverride } from '../../../design/layer-registry';
import { barcodeLayerSchema } from '../../../design/layers/barcode/barcode-layer.definition';
import { barcodeValueProblem, encodedBarcodeValue, gs1CheckDigit } from '../../../design/layers/barcode/barcode-value';

function barcodeDesign(layer: Record<string, unknown>) {
  return {
    width: 500,
    height: 260,
    background: '#ffffff',
    layers: [{ name: 'code', type: 'barcode', x: 20, y: 20, width: 460, height: 220, ...layer }],
  };
}

/** zbar's reading of a PNG drawn by drawPixels (an independent reader: not our encoder). */
const zbar = (file: string) => execFileSync('zbarimg', ['--quiet', '-Supca.enable', join(DRAWN_DIR, file)], { encoding: 'utf8' }).trim();

describe('barcode values', () => {
  it('computes GS1 check digits (EAN-13, EAN-8, UPC-A, ITF-14)', () => {
    expect(gs1CheckDigit('590123412345')).toBe(7);
    expect(gs1CheckDigit('9638507')).toBe(4);
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('1540014128876')).toBe(3);
    expect(encodedBarcodeValue('ean13', '590123412345')).toBe('5901234123457');
    expect(encodedBarcodeValue('code128', '590123412345')).toBe('590123412345');
  });

  it('refuses what a symbology cannot encode, and says why', () => {
    expect(barcodeValueProblem('ean13', '5901234123458')).toMatch(/check digit is wrong.*ends in 7/);
    expect(barcodeValueProblem('ean13', '59012341234')).toMatch(/12 digits, or 13/);
    expect(barcodeValueProblem('upca', '03600029145A')).toMatch(/UPC-A/);
    expect(barcodeValueProblem('itf14', '15400141288764')).toMatch(/ITF-14 check digit/);
    expect(barcodeValueProblem('code39', 'abc')).toMatch(/capital letters/);
    expect(barcodeValueProblem('code128', 'é')).toMatch(/printable ASCII/);
    expect(barcodeValueProblem('code128', 'x'.repeat(81))).toMatch(/at most 80/);
    expect(barcodeValueProblem('datamatrix', '漢字')).toMatch(/ISO-8859-1/);
    expect(barcodeValueProblem('pdf417', 'x'.repeat(601))).toMatch(/at most 600/);
    expect(barcodeValueProblem('ean13', '')).toBeNull();
    expect(barcodeValueProblem('datamatrix', 'Grüße')).toBeNull();
  });

  it('is checked at save (the schema) and after an override (barcode_invalid, layer hidden)', () => {
    expect(barcodeLayerSchema.safeParse({ name: 'c', type: 'barcode', width: 10, height: 10, symbology: 'ean8', text: '96385075' }).success).toBe(false);
    const layer = barcodeLayerSchema.parse({ name: 'c', type: 'barcode', width: 10, height: 10, symbology: 'ean8', text: '96385074' });
    const overridden = applyOverride(layer, { text: '96385075' });
    expect(overridden.layer.hidden).toBe(true);
    expect(overridden.warning).toMatchObject({ code: 'barcode_invalid', layer: 'c' });
    expect(applyOverride(layer, { text: '9638507' }).warning).toBeNull();
  });
});

describe('barcode layer drawing', () => {
  it('draws linear codes that zbar reads, at a fractional output scale, with the value under the bars', async () => {
    const cases: Array<[string, string, string]> = [
      ['code128', 'Pictor-42', 'CODE-128:Pictor-42'],
      ['ean13', '590123412345', 'EAN-13:5901234123457'],
      ['upca', '036000291452', 'UPC-A:036000291452'],
    ];
    for (const [symbology, text, read] of cases) {
      const file = `barcode-${symbology}.png`;
      const drawn = await drawPixels(barcodeDesign({ symbology, text }), { width: 650, height: 338, saveAs: file });
      expect(drawn.warnings).toEqual([]);
      expect(zbar(file)).toBe(read);
    }
  });

  it('keeps the quiet zones and the colours: background at the box edges, bars in the colour', async () => {
    const drawn = await drawPixels(barcodeDesign({ symbology: 'code128', text: 'QUIET', color: '#0000ff', background: '#ffff00', showText: false }), {
      saveAs: 'barcode-colours.png',
    });
    // The first and last 10 modules of the box are quiet zone: the background only.
    for (const x of [21, 30, 470, 478]) expect(drawn.at(x, 130)).toEqual([255, 255, 0, 255]);
    const colours = new Set<string>();
    for (let x = 20; x < 480; x++) colours.add(drawn.at(x, 130).slice(0, 3).join(','));
    expect(colours).toContain('0,0,255');
    // No text band: the bars reach the box's bottom.
    const bottomRow = new Set<string>();
    for (let x = 20; x < 480; x++) bottomRow.add(drawn.at(x, 238).slice(0, 3).join(','));
    expect(bottomRow).toContain('0,0,255');
  });

  it('draws nothing for an empty value', async () => {
    const drawn = await drawPixels(barcodeDesign({ text: '', background: '#ff0000' }));
    expect(drawn.at(250, 130)).toEqual([255, 255, 255, 255]);
  });
});
