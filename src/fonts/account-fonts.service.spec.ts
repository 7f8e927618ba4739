import { textLayerSchema } from '../design/layers/text/text-layer.definition';
import { AccountFontsService } from './account-fonts.service';
import type { FontFace } from './entities/font-face.entity';
import { FontInspector } from './inspect/font-inspector';
import { familyKeyOf, FontsService } from './fonts.service';
import { fontFixtures } from '../../test/support/font-fixtures';

const face = {
  id: 'fnt_brand',
  accountId: 'acc_1',
  family: 'Brand Sans',
  familyKey: familyKeyOf('Brand Sans'),
  weight: 400,
  style: 'normal',
  storageKey: 'fonts/fnt_brand.woff2',
  sha256: 'ab'.repeat(32),
} as FontFace;

const layers = [textLayerSchema.parse({ name: 'title', type: 'text', width: 400, height: 100, fontFamily: 'Brand Sans' })];

describe('AccountFontsService: shipping a face to the workers', () => {
  let reads: number;
  let service: AccountFontsService;

  beforeEach(() => {
    reads = 0;
    const fonts = {
      facesOf: () => Promise.resolve([face]),
      bytesOf: () => {
        reads++;
        return Promise.resolve(fontFixtures.woff2());
      },
    } as unknown as FontsService;
    service = new AccountFontsService(fonts, new FontInspector());
  });

  it('reads and renames a new face once for renders that ask for it together, and ships the same copy to each', async () => {
    const plans = await Promise.all(Array.from({ length: 5 }, () => service.plan('acc_1', layers)));
    expect(reads).toBe(1);
    const shipped = plans.map((plan) => plan.faces[0].bytes);
    expect(shipped.every((bytes) => bytes !== undefined && bytes === shipped[0])).toBe(true);
    // The privately named sfnt, not the stored WOFF2.
    expect(Buffer.from(shipped[0]!.subarray(0, 4)).toString('latin1')).not.toBe('wOF2');
    // A later render before any worker has confirmed it: the prepared copy, no read.
    expect((await service.plan('acc_1', layers)).faces[0].bytes).toBe(shipped[0]);
    expect(reads).toBe(1);
  });

  it('ships no bytes once a worker has loaded the face, and prepares it again when a worker misses it', async () => {
    const first = await service.plan('acc_1', layers);
    service.confirmLoaded(first.faces);
    const later = await service.plan('acc_1', layers);
    expect(later.faces[0].bytes).toBeUndefined();
    expect(later.faces[0].coverage).toBe(first.faces[0].coverage);
    expect(reads).toBe(1);

    service.forgetLoaded([first.faces[0].registeredName]);
    const again = await service.plan('acc_1', layers);
    expect(again.faces[0].bytes).toBeDefined();
    // The prepared copy was dropped when the workers had it: read from storage again.
    expect(reads).toBe(2);
  });
});
