import { fitScale, previewWidth, zoomIn, zoomOut, zoomShortcut } from './zoom';

describe('zoom', () => {
  it('fits both directions: a 1080×1920 story on a 1280×720 area fits by its height', () => {
    expect(fitScale({ width: 1080, height: 1920 }, { width: 900, height: 600 })).toBeCloseTo(600 / 1920);
    expect(fitScale({ width: 1200, height: 630 }, { width: 900, height: 600 })).toBeCloseTo(0.75);
  });

  it('fits a small design larger than 100 %, within the limits', () => {
    expect(fitScale({ width: 200, height: 100 }, { width: 900, height: 600 })).toBe(4);
    expect(fitScale({ width: 4096, height: 4096 }, { width: 100, height: 100 })).toBe(0.05);
  });

  it('steps in and out from any scale, clamped at both ends', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomIn(0.3)).toBeCloseTo(1 / 3);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomOut(0.3)).toBe(0.25);
    expect(zoomIn(4)).toBe(4);
    expect(zoomOut(0.05)).toBe(0.05);
  });

  it('reads Ctrl/Cmd with = + - 0 as zoom keys, and nothing without the modifier', () => {
    expect(zoomShortcut({ key: '=', ctrlKey: true })).toBe('in');
    expect(zoomShortcut({ key: '+', metaKey: true })).toBe('in');
    expect(zoomShortcut({ key: '-', ctrlKey: true })).toBe('out');
    expect(zoomShortcut({ key: '0', ctrlKey: true })).toBe('fit');
    expect(zoomShortcut({ key: '=' })).toBeNull();
  });

  it('asks for the preview at the displayed size in device pixels, at most 4096 wide', () => {
    expect(previewWidth(1200, 0.5, 2)).toBe(1200);
    expect(previewWidth(1200, 2, 2)).toBe(4096);
  });
});
