import { MAX_PREVIEW_PIXELS, previewSize } from './preview-size';

describe('previewSize', () => {
  it('keeps a size within 4 megapixels as it is', () => {
    expect(previewSize(1200, 630)).toEqual({ width: 1200, height: 630 });
    expect(previewSize(2048, 2048)).toEqual({ width: 2048, height: 2048 });
  });

  it('scales a larger size down to at most 4 × 2^20 pixels, keeping the aspect ratio', () => {
    const size = previewSize(4096, 4096);
    expect(size.width * size.height).toBeLessThanOrEqual(MAX_PREVIEW_PIXELS);
    expect(size).toEqual({ width: 2048, height: 2048 });
    const wide = previewSize(4096, 2000);
    expect(wide.width * wide.height).toBeLessThanOrEqual(MAX_PREVIEW_PIXELS);
    expect(wide.width / wide.height).toBeCloseTo(4096 / 2000, 2);
    expect(wide.width * wide.height).toBeGreaterThan(MAX_PREVIEW_PIXELS * 0.99);
  });
});
