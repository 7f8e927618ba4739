import sharp from 'sharp';
import { AssetImageInspector, sniffFormat } from './asset-image-inspector';

const image = (format: 'png' | 'jpeg' | 'webp' | 'avif' | 'gif') =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: '#336699' } })
    .toFormat(format)
    .toBuffer();

describe('AssetImageInspector', () => {
  const inspector = new AssetImageInspector();

  it.each(['png', 'jpeg', 'webp', 'avif', 'gif'] as const)('recognises %s by its signature and reads its size', async (format) => {
    const bytes = await image(format);
    expect(sniffFormat(bytes)).toBe(format);
    await expect(inspector.inspect(bytes)).resolves.toEqual({ format, width: 12, height: 8 });
  });

  it('refuses SVG, text and TIFF before any decoder, and a damaged file after decoding', async () => {
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    for (const bytes of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('plain text'), tiff]) {
      expect(sniffFormat(bytes)).toBeNull();
      await expect(inspector.inspect(bytes)).rejects.toMatchObject({ code: 'asset_invalid' });
    }
    const jpeg = await image('jpeg');
    await expect(inspector.inspect(jpeg.subarray(0, jpeg.length - 20))).rejects.toMatchObject({ code: 'asset_invalid' });
  });
});
