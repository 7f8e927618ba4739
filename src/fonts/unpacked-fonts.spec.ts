import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fontFiles } from './font-catalog';
import { sfntOf } from './font-private-name';
import { registrableFontPath, unpackedFontPath, unpackFonts } from './unpacked-fonts';

const FAMILIES = ['Inter', 'Noto Sans Arabic', 'Noto Sans Devanagari', 'Noto Color Emoji'];

/** Registers `files` in a process of its own (the font collection is process-wide) and answers the drawn pixels' digest. */
function drawnDigest(files: Array<{ family: string; path: string }>): string {
  const script = `
    const { GlobalFonts, createCanvas } = require('@napi-rs/canvas');
    for (const { family, path } of JSON.parse(require('fs').readFileSync(0, 'utf8'))) GlobalFonts.registerFromPath(path, family);
    const canvas = createCanvas(1100, 120);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 1100, 120);
    context.fillStyle = '#111827';
    context.font = 'bold 44px Inter, "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Color Emoji"';
    context.fillText('Hello مرحبا नमस्ते 🚀👍🏽', 10, 80);
    process.stdout.write(require('crypto').createHash('sha256').update(context.getImageData(0, 0, 1100, 120).data).digest('hex'));`;
  return execFileSync(process.execPath, ['-e', script], { cwd: join(__dirname, '..', '..'), input: JSON.stringify(files), encoding: 'utf8' });
}

describe('unpacked fonts', () => {
  let cacheDir: string;
  const files = fontFiles(FAMILIES);

  beforeAll(() => {
    cacheDir = mkdtempSync(join(tmpdir(), 'pictor-font-cache-'));
  });

  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

  it('registers the WOFF2 itself until its copy is unpacked, then the copy: a plain sfnt of the same tables, written once', async () => {
    const [first] = files;
    expect(registrableFontPath(first.path, cacheDir)).toBe(first.path);

    expect(
      await unpackFonts(
        files.map((file) => file.path),
        cacheDir,
      ),
    ).toEqual({ unpacked: files.length, present: 0 });
    const copy = registrableFontPath(first.path, cacheDir);
    expect(copy).toBe(unpackedFontPath(first.path, cacheDir));
    expect(copy.startsWith(join(cacheDir, 'inter-ui@'))).toBe(true);
    expect(readFileSync(copy).equals(await sfntOf(readFileSync(first.path)))).toBe(true);
    expect(readFileSync(copy).readUInt32BE(0)).not.toBe(0x774f4632); // not 'wOF2' any more

    expect(
      await unpackFonts(
        files.map((file) => file.path),
        cacheDir,
      ),
    ).toEqual({ unpacked: 0, present: files.length });
    // Written under temporary names and renamed: none is left behind.
    const left = readdirSync(cacheDir, { recursive: true }).map(String);
    expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(left.filter((name) => name.endsWith('.sfnt'))).toHaveLength(files.length);
  });

  it('draws Latin, Arabic, Devanagari and colour emoji from the unpacked copies exactly as from the WOFF2 files', async () => {
    await unpackFonts(
      files.map((file) => file.path),
      cacheDir,
    );
    const unpacked = files.map(({ family, path }) => ({ family, path: registrableFontPath(path, cacheDir) }));
    expect(unpacked.every(({ path }) => path.endsWith('.sfnt'))).toBe(true);
    expect(drawnDigest(unpacked)).toBe(drawnDigest(files));
  }, 60_000);
});
