#!/usr/bin/env node
/**
 * Runs `npm run <script>` (default build:server) only when a source is newer than that script's last
 * successful build, so `npm start` after `npm ci` (whose `prepare` built once) and every restart skip the
 * compile. The stamp is dist/.built-<script>, dated when the build began: an edit made during a build
 * still counts as newer.
 *
 * Nothing to do when there are no sources (the Docker image's dependency layer runs `npm ci` before copying
 * src/) or no compiler (an install with production dependencies only, which ships a built dist/).
 */
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const script = process.argv[2] ?? 'build:server';
// `build` runs build:server too, so its success also stamps that one.
const COVERS = { build: ['build', 'build:server'] };
// What each build leaves behind: one of them missing means building again, whatever the dates say.
const SERVER_OUTPUTS = ['dist/main.js', 'dist/cli.js', 'dist/studio/.vite/manifest.json'];
const OUTPUTS = {
  'build:server': SERVER_OUTPUTS,
  build: [...SERVER_OUTPUTS, 'src/client/openapi-types.ts', 'dist/client/index.js'],
};
const INPUTS = ['src', 'studio', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.client.json'];
// Written by the build itself (build:client), so never a reason to build again; creating it also dates its
// folder, so that folder's own date does not count either.
const OUTPUTS_IN_SOURCES = new Set(['src/client/openapi-types.ts']);
const FOLDERS_OF_OUTPUTS = new Set([...OUTPUTS_IN_SOURCES].map((path) => dirname(path)));

const stampOf = (name) => join(ROOT, 'dist', `.built-${name.replace(/[^a-z0-9]+/gi, '-')}`);

/** Newest mtime under a path; directories count too, so a deleted file makes its folder newer. */
function newest(path) {
  const name = relative(ROOT, path);
  if (OUTPUTS_IN_SOURCES.has(name)) return 0;
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  let latest = FOLDERS_OF_OUTPUTS.has(name) ? 0 : stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

function canBuild() {
  try {
    require.resolve('typescript/package.json', { paths: [ROOT] });
    require.resolve('vite/package.json', { paths: [ROOT] });
    return true;
  } catch {
    return false;
  }
}

if (!existsSync(join(ROOT, 'src'))) process.exit(0);
const stamp = stampOf(script);
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...INPUTS.map((input) => newest(join(ROOT, input))));
const outputsPresent = (OUTPUTS[script] ?? []).every((output) => existsSync(join(ROOT, output)));
if (builtAt > sourcesAt && outputsPresent) process.exit(0);

if (!canBuild()) {
  process.stderr.write(`pictor: sources are newer than dist/ but the build tools are not installed (npm ci installs them); using dist/ as it is\n`);
  process.exit(0);
}

const reason = !builtAt ? 'first build' : !outputsPresent ? 'part of dist/ is missing' : 'sources changed since the last build';
process.stderr.write(`pictor: building (npm run ${script}): ${reason}\n`);
const startedAt = new Date();
const result = spawnSync('npm', ['run', '--silent', script], { cwd: ROOT, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
mkdirSync(join(ROOT, 'dist'), { recursive: true });
for (const name of COVERS[script] ?? [script]) {
  writeFileSync(stampOf(name), '');
  utimesSync(stampOf(name), startedAt, startedAt);
}
