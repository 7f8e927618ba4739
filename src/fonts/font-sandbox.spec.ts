import { readFileSync } from 'node:fs';
import { fontFiles } from './font-catalog';
import { FontSandbox } from './font-sandbox';
import { FontsErrorCode } from './fonts.exception';

describe('FontSandbox (Skia in a throwaway process)', () => {
  const sandbox = new FontSandbox();

  it('accepts a font Skia loads and draws', async () => {
    const hebrew = fontFiles().find((file) => file.family === 'Noto Sans Hebrew')!;
    await expect(sandbox.check(readFileSync(hebrew.path), 'שלום')).resolves.toBeUndefined();
  });

  it('refuses bytes Skia cannot load, without harm to this process', async () => {
    const garbage = Buffer.concat([Buffer.from([0, 1, 0, 0, 0, 4]), Buffer.alloc(2000, 0xff)]);
    await expect(sandbox.check(garbage, 'A')).rejects.toMatchObject({ code: FontsErrorCode.FONT_INVALID });
  });
});
