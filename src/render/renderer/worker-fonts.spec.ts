import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * In a process of its own: the font collection is native and process-wide, so in this jest worker another
 * spec may have registered the shipped fonts already and the case would pass whatever ensureFonts does.
 */
function familiesAfterEnsureFonts(before: string): Record<string, boolean> {
  const script = `
    require('./src/fonts/host-fonts-off');
    const { GlobalFonts } = require('@napi-rs/canvas');
    ${before}
    require('./src/render/renderer/worker-fonts').ensureFonts();
    const has = (family) => GlobalFonts.has(family);
    process.stdout.write(JSON.stringify({ Inter: has('Inter'), 'Noto Sans Arabic': has('Noto Sans Arabic'), 'Noto Sans SC': has('Noto Sans SC') }));
  `;
  const root = join(__dirname, '..', '..', '..');
  const output = execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { cwd: root, encoding: 'utf8' });
  return JSON.parse(output) as Record<string, boolean>;
}

describe('ensureFonts', () => {
  it('registers the shipped fonts', () => {
    expect(familiesAfterEnsureFonts('')).toEqual({ Inter: true, 'Noto Sans Arabic': true, 'Noto Sans SC': true });
  }, 30_000);

  it('registers them even when a face already answers to a shipped family’s name', () => {
    // Skia files this face as "Noto Color Emoji" too (its own name table), the family ensureFonts used to ask for.
    const emojiSubset =
      "require('path').join(require('path').dirname(require.resolve('@fontsource/noto-color-emoji/package.json')), 'files', 'noto-color-emoji-0-400-normal.woff2')";
    const before = `GlobalFonts.registerFromPath(${emojiSubset}, 'An alias'); if (!GlobalFonts.has('Noto Color Emoji')) throw new Error('premise');`;
    expect(familiesAfterEnsureFonts(before)).toEqual({ Inter: true, 'Noto Sans Arabic': true, 'Noto Sans SC': true });
  }, 30_000);
});
