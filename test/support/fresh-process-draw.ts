import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { DrawJob } from '../../src/render/renderer/draw-job';

/**
 * Draws in a process of its own, with only the shipped fonts and no other drawing thread. In a jest worker the
 * native font collection and Skia's glyph caches are shared with the render threads of every e2e app that ran
 * there before, and colour emoji drawn while other threads draw sometimes come out blank (a race reproduced
 * outside jest with 4–8 threads; see the 2026-11-25 note on issue 14). Tests of emoji drawing use this until the
 * renderer serializes emoji drawing.
 */
export function drawInFreshProcess(job: Omit<DrawJob, 'images'>): Buffer {
  const script = `
    const { drawTemplate } = require('./src/render/renderer/draw-template');
    const job = { ...JSON.parse(require('fs').readFileSync(0, 'utf8')), images: new Map() };
    drawTemplate(job).then((result) => process.stdout.write(Buffer.from(result.bytes).toString('base64')));`;
  const output = execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], {
    cwd: join(__dirname, '..', '..'),
    input: JSON.stringify(job),
    encoding: 'utf8',
  });
  return Buffer.from(output, 'base64');
}
