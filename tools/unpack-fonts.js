#!/usr/bin/env node
/**
 * Unpacks the shipped WOFF2 fonts once per install into node_modules/.cache/pictor-fonts (see
 * src/fonts/unpacked-fonts.ts): run after the build by `prepare`, and before `npm start`, `npm run worker` and
 * `npm test`, where it only checks that every copy is there. Without a built dist/ (the Docker image's dependency
 * layer) there is nothing to run; a cache that cannot be written leaves the fonts registered from WOFF2 (slower
 * to load, same pixels), so that is a warning, not a failure.
 */
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const DIST = join(__dirname, '..', 'dist', 'fonts');
if (!existsSync(join(DIST, 'unpacked-fonts.js'))) process.exit(0);
const { unpackFonts, FONT_CACHE_DIR } = require(join(DIST, 'unpacked-fonts.js'));
const { fontFiles } = require(join(DIST, 'font-catalog.js'));

const startedAt = Date.now();
unpackFonts(fontFiles().map((file) => file.path)).then(
  ({ unpacked }) => {
    if (unpacked > 0) process.stderr.write(`pictor: unpacked ${unpacked} font files into ${FONT_CACHE_DIR} in ${Date.now() - startedAt} ms\n`);
  },
  (error) => process.stderr.write(`pictor: could not unpack the fonts into ${FONT_CACHE_DIR} (${error.message}); they load from WOFF2\n`),
);
