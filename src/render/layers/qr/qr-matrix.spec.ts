import QRCode from 'qrcode';
import { QR_ERROR_CORRECTION_LEVELS } from './qr-layer.definition';
import { encodeQr } from './qr-matrix';

describe('encodeQr', () => {
  it('builds exactly the symbol the qrcode package chooses itself (same mask, same modules)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const masks = new Set<number>();
    for (let sample = 0; sample < 240; sample++) {
      const level = QR_ERROR_CORRECTION_LEVELS[sample % 4];
      // Lengths up to ~600 bytes reach versions above 7 (version information blocks) too.
      const length = 1 + Math.floor(random() * (sample % 10 === 0 ? 600 : 80));
      const text = Array.from({ length }, () => String.fromCharCode(32 + Math.floor(random() * 300))).join('');
      const reference = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: level });
      const ours = encodeQr(text, level);
      expect({ sample, mask: ours.maskPattern, size: ours.size }).toEqual({ sample, mask: reference.maskPattern, size: reference.modules.size });
      expect(Buffer.from(ours.dark).equals(Buffer.from(reference.modules.data))).toBe(true);
      masks.add(ours.maskPattern);
    }
    // The samples exercised most masks, not one by luck.
    expect(masks.size).toBeGreaterThanOrEqual(6);
  });
});
