import { readFileSync } from 'node:fs';
import { fontFiles } from '../font-catalog';
import { loadFontkit } from '../font-parser';
import { packRanges, rangesFromCodePoints } from './code-point-ranges';

/** The code points one font file maps to a glyph (its cmap), read with fontkit. */
export function codePointsOfFile(path: string): number[] {
  const font = loadFontkit().create(readFileSync(path));
  if (!('characterSet' in font)) throw new Error(`${path} is a font collection`);
  return font.characterSet;
}

/** Every shipped family's coverage, packed: what tools/generate-font-coverage.ts writes. */
export function builtinCoverageFromFiles(files = fontFiles()): Record<string, string> {
  const byFamily = new Map<string, Set<number>>();
  for (const { family, path } of files) {
    const set = byFamily.get(family) ?? new Set<number>();
    for (const codePoint of codePointsOfFile(path)) set.add(codePoint);
    byFamily.set(family, set);
  }
  return Object.fromEntries([...byFamily].map(([family, set]) => [family, packRanges(rangesFromCodePoints(set))]));
}
