import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { DrawJob } from '../../src/render/renderer/draw-job';

/**
 * Draws in a process of its own, with only the shipped fonts and no other drawing thread. The native font
 * collection is the whole process's, and a font registered while another thread draws makes that drawing
 * lose emoji (see FontCollectionLock). The render pools and main-thread drawings of one test file share
 * that lock, but a jest worker also holds the module instances (and any live threads) of the files that
 * ran in it before, each with a lock of its own. Tests of emoji drawing outside a pool use this.
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
