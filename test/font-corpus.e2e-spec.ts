import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FontFace } from '../src/fonts/entities/font-face.entity';
import { loadFontkit, parseFont } from '../src/fonts/font-parser';
import { FontSandbox } from '../src/fonts/font-sandbox';
import { withDirectoryEntry, withTableBytes, tablesOf } from './support/crafted-fonts';
import { createAccount, TestAccount } from './support/factories';
import { fontForm } from './support/font-fixtures';
import { startTestApp, TestApp } from './support/test-app';

/** §21: every real font is accepted. The corpus: what these Debian packages ship (CI installs them with apt). */
const PACKAGES = [
  { name: 'fonts-noto-core', dir: '/usr/share/fonts/truetype/noto' },
  { name: 'fonts-dejavu-core', dir: '/usr/share/fonts/truetype/dejavu' },
  { name: 'fonts-liberation', dir: '/usr/share/fonts/truetype/liberation' },
];

/** Every .ttf/.otf under the packages' directories; a package that is missing fails the test by name (never skips it). */
function corpus(): string[] {
  const missing = PACKAGES.filter(({ dir }) => !existsSync(dir) || fontsUnder(dir).length === 0).map(({ name }) => name);
  if (missing.length > 0)
    throw new Error(`The font corpus is missing: apt-get install ${missing.join(' ')} (fonts in ${PACKAGES.map(({ dir }) => dir).join(', ')})`);
  return PACKAGES.flatMap(({ dir }) => fontsUnder(dir)).sort();
}

function fontsUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ttf|otf)$/i.test(name))
    .map((name) => join(dir, name));
}

const nameOf = (path: string) => path.split('/').pop()!;

/** Whether the check uploads used to make (fontkit laying out the first 256 covered characters) throws on the font. */
function oldCheckThrows(bytes: Buffer): boolean {
  try {
    const font = loadFontkit().create(bytes) as import('fontkit').Font;
    font.layout(String.fromCodePoint(...font.characterSet.filter((codePoint) => codePoint > 0x20).slice(0, 256)));
    return false;
  } catch {
    return true;
  }
}

/** Damaged copies of a font: each must be refused. Garbling is deterministic (a fixed pattern), so failures reproduce. */
function damagedCopies(bytes: Buffer): Array<[string, Buffer]> {
  const tables = tablesOf(bytes);
  const largest = [...tables].sort((a, b) => b.data.length - a.data.length)[0];
  const last = [...tables].sort((a, b) => b.data.byteOffset - a.data.byteOffset)[0];
  return [
    ['cut in half', bytes.subarray(0, bytes.length >> 1)],
    ['cut short by one byte', bytes.subarray(0, last.data.byteOffset - bytes.byteOffset + last.data.length - 1)],
    [`${largest.tag} zeroed`, withTableBytes(bytes, largest.tag, (data) => data.fill(0))],
    ['cmap garbled', withTableBytes(bytes, 'cmap', (data) => data.forEach((value, at) => (data[at] = value ^ ((at * 167 + 13) & 0xff) ^ 0x5a)))],
    ['head garbled', withTableBytes(bytes, 'head', (data) => data.forEach((value, at) => at >= 12 && (data[at] = value ^ 0xa5)))],
    ['one byte of hmtx flipped', withTableBytes(bytes, 'hmtx', (data) => (data[data.length >> 1] ^= 0x10))],
    ['a directory offset moved', withDirectoryEntry(bytes, 'maxp', 'offset', tables.find((table) => table.tag === 'name')!.data.byteOffset - bytes.byteOffset)],
  ];
}

describe('the font corpus: every real font accepted, damaged copies refused (§21)', () => {
  let files: string[];

  beforeAll(() => {
    files = corpus();
  });

  it('parses every font the packages ship, including those the old shaping check refused', async () => {
    const refused: string[] = [];
    let oldRefusals = 0;
    for (const file of files) {
      const bytes = readFileSync(file);
      if (oldCheckThrows(bytes)) oldRefusals++;
      try {
        const parsed = await parseFont(bytes);
        if (!(parsed.glyphs > 0) || parsed.coverage === '' || parsed.sample === '') refused.push(`${nameOf(file)}: incomplete ${JSON.stringify(parsed)}`);
      } catch (error) {
        refused.push(`${nameOf(file)}: ${(error as Error).message}`);
      }
    }
    expect(files.length).toBeGreaterThan(100);
    expect(refused).toEqual([]);
    // The corpus proves the point: real fonts fontkit's shaping engine throws on are among them.
    expect(oldRefusals).toBeGreaterThan(0);
  }, 300_000);

  it('has the drawing library (Skia, in the sandbox) load and draw every font', async () => {
    const sandbox = new FontSandbox();
    const failed: string[] = [];
    let next = 0;
    // Two at a time: the sandbox is one short-lived process per font.
    const drawNext = async (): Promise<void> => {
      for (let file = files[next++]; file !== undefined; file = files[next++]) {
        const bytes = readFileSync(file);
        await sandbox.check(bytes, (await parseFont(bytes)).sample).catch((error: Error) => failed.push(`${nameOf(file)}: ${error.message}`));
      }
    };
    await Promise.all([drawNext(), drawNext()]);
    expect(failed).toEqual([]);
  }, 600_000);

  it('refuses truncated and damaged copies of every font', async () => {
    const accepted: string[] = [];
    for (const file of files) {
      for (const [damage, copy] of damagedCopies(readFileSync(file))) {
        const outcome = await parseFont(copy).then(
          () => 'accepted',
          (error: { code?: string }) => error.code,
        );
        if (outcome !== 'font_invalid') accepted.push(`${nameOf(file)} ${damage}: ${outcome}`);
      }
    }
    expect(accepted).toEqual([]);
  }, 300_000);

  describe('end to end through POST /api/fonts (a sample)', () => {
    let testApp: TestApp;
    let owner: TestAccount;
    let sample: string[];

    beforeAll(async () => {
      testApp = await startTestApp();
      owner = await createAccount(testApp);
      // Every 15th font, and every Arabic face (GPOS mark attachment with NULL anchors, which fontkit cannot apply).
      sample = files.filter((file, index) => index % 15 === 0 || /Arabic-Regular\./.test(file));
    });

    afterAll(() => testApp?.close());

    const upload = async (bytes: Buffer, family: string) => {
      const response = await fetch(`${testApp.baseUrl}/api/fonts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.apiKey}` },
        body: fontForm(bytes, { family }),
      });
      return { status: response.status, body: await response.json() };
    };

    it('answers 201 for each, then refuses its damaged copies with 400 font_invalid, keeping nothing of them', async () => {
      expect(sample.filter((file) => oldCheckThrows(readFileSync(file))).length).toBeGreaterThan(0);
      const faces = testApp.dataSource.getRepository(FontFace);
      const answers: string[] = [];
      for (const [index, file] of sample.entries()) {
        const bytes = readFileSync(file);
        const created = await upload(bytes, `Corpus ${index}`);
        if (created.status !== 201) answers.push(`${nameOf(file)}: ${created.status} ${JSON.stringify(created.body)}`);
        const kept = await faces.countBy({ accountId: owner.account.id });
        for (const [damage, copy] of damagedCopies(bytes).filter((_, which) => which % 3 === index % 3)) {
          const refused = await upload(copy, `Damaged ${index}`);
          if (refused.status !== 400 || refused.body.code !== 'font_invalid')
            answers.push(`${nameOf(file)} ${damage}: ${refused.status} ${JSON.stringify(refused.body)}`);
        }
        expect(await faces.countBy({ accountId: owner.account.id })).toBe(kept);
      }
      expect(answers).toEqual([]);
      expect(await faces.countBy({ accountId: owner.account.id })).toBe(sample.length);
    }, 300_000);
  });
});
