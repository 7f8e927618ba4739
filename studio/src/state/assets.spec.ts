import { emptyDesign } from './design';
import { assetLayer, isUploadableImage } from './assets';

describe('assets in the studio', () => {
  it('uploads raster images only: SVG and other files are refused before any request', () => {
    expect(isUploadableImage({ type: 'image/png', name: 'a.png' })).toBe(true);
    expect(isUploadableImage({ type: '', name: 'photo.JPG' })).toBe(true);
    expect(isUploadableImage({ type: 'image/svg+xml', name: 'logo.svg' })).toBe(false);
    expect(isUploadableImage({ type: 'text/plain', name: 'notes.txt' })).toBe(false);
  });

  it('places a dropped asset centred on the drop point, a third of the canvas at most, inside the canvas', () => {
    const design = emptyDesign();
    const layer = assetLayer(design, { id: 'ast_x', width: 2000, height: 1000 }, { x: 600, y: 300 });
    expect(layer).toMatchObject({ name: 'image', type: 'image', imageUrl: 'asset:ast_x', width: 400, height: 200, x: 400, y: 200 });
    const corner = assetLayer(design, { id: 'ast_x', width: 100, height: 100 }, { x: 1195, y: 5 });
    expect([corner.x, corner.y, corner.width]).toEqual([1100, 0, 100]);
  });
});
