import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sfntOf } from './font-private-name';

/**
 * The shipped fonts are WOFF2 files. Skia decompresses a WOFF2 into memory when it is registered, for every
 * face, in every process: the shipped families took ~370 ms and ~75 MB of RSS that way (the colour emoji alone
 * ~290 ms and ~57 MB), against ~5 ms and ~28 MB for the same fonts as plain sfnt files, which Skia maps from disk
 * and reads as glyphs are needed (docs/performance.md, 2026-11-26). So each WOFF2 is unpacked once per install
 * into this cache, and registered from there; the pixels are the same.
 */
export const FONT_CACHE_DIR = join(nodeModulesOf(require.resolve('@fontsource/noto-sans-arabic/package.json')), '.cache', 'pictor-fonts');

/** The node_modules folder a resolved package file lives in. */
function nodeModulesOf(file: string): string {
  let dir = dirname(file);
  while (basename(dir) !== 'node_modules' && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

const packageTags = new Map<string, string>();

/** `<name>@<version>` of the package holding `file` (the nearest package.json above it), so an upgrade unpacks anew. */
function packageTagOf(file: string): string {
  let dir = dirname(file);
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  let tag = packageTags.get(dir);
  if (tag === undefined) {
    const { name, version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
    tag = `${name.replace('/', '+')}@${version}`;
    packageTags.set(dir, tag);
  }
  return tag;
}

/** Where the unpacked copy of the font file `source` lives (or would). */
export function unpackedFontPath(source: string, cacheDir = FONT_CACHE_DIR): string {
  return join(cacheDir, packageTagOf(source), `${basename(source).replace(/\.woff2?$/, '')}.sfnt`);
}

/** The file to register for `source`: its unpacked copy once there is one, else the WOFF2 itself (same pixels, slower). */
export function registrableFontPath(source: string, cacheDir = FONT_CACHE_DIR): string {
  const unpacked = unpackedFontPath(source, cacheDir);
  return existsSync(unpacked) ? unpacked : source;
}

/**
 * Unpacks every file of `sources` not yet in the cache. Each copy is written under a temporary name and renamed,
 * so a process reading the cache (or another unpacking at the same time) never sees half a file.
 */
export async function unpackFonts(sources: readonly string[], cacheDir = FONT_CACHE_DIR): Promise<{ unpacked: number; present: number }> {
  let unpacked = 0;
  for (const source of sources) {
    const target = unpackedFontPath(source, cacheDir);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      writeFileSync(temporary, await sfntOf(readFileSync(source)));
      renameSync(temporary, target);
    } finally {
      rmSync(temporary, { force: true });
    }
    unpacked++;
  }
  return { unpacked, present: sources.length - unpacked };
}
