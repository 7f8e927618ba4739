import sharp from 'sharp';
import { imageLayerSchema } from '../../../design/layers/image/image-layer.definition';
import { decodeLayerImage } from './image-layer.decode';

/** §20 memory per render: a layer's image is decoded at the size it is drawn, not the size of its file. */
describe('decodeLayerImage', () => {
  let large: Buffer;

  beforeAll(async () => {
    // 4000×3000, the kind of photo a 120 px avatar box is given.
    large = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  });

  const layer = (fit: 'cover' | 'contain' | 'fill', width = 120, height = 120) =>
    imageLayerSchema.parse({ name: 'avatar', type: 'image', x: 0, y: 0, width, height, imageUrl: 'https://example.com/a.png', fit });

  it.each([
    ['cover', 160, 120],
    ['contain', 120, 90],
    ['fill', 120, 120],
  ] as const)('%s: a 4000×3000 image in a 120×120 box decodes to %i×%i', async (fit, width, height) => {
    const image = await decodeLayerImage(large, layer(fit), 1, 1);
    expect([image!.width, image!.height]).toEqual([width, height]);
  });

  it('follows the output scale, and never enlarges a small image', async () => {
    const doubled = await decodeLayerImage(large, layer('fill'), 2, 2);
    expect([doubled!.width, doubled!.height]).toEqual([240, 240]);
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const kept = await decodeLayerImage(small, layer('contain'), 1, 1);
    expect([kept!.width, kept!.height]).toEqual([40, 30]);
  });
});
