import { Injectable } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { FontsException } from './fonts.exception';

const PROBE_TIMEOUT_MS = 15_000;

/**
 * Runs in a throwaway process: registers the font with Skia (the drawing library the workers use),
 * measures and draws the given text, and prints the advance. A font that crashes or hangs native
 * code kills only this process.
 */
const PROBE_SCRIPT = `
process.env.DISABLE_SYSTEM_FONTS_LOAD = '1';
const { GlobalFonts, createCanvas } = require(process.argv[1]);
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
  const key = GlobalFonts.register(Buffer.concat(chunks), 'pictor-probe');
  if (!key) { process.stdout.write('unregistered'); return; }
  const canvas = createCanvas(256, 64);
  const ctx = canvas.getContext('2d');
  ctx.font = '32px "pictor-probe"';
  const text = process.argv[2];
  const width = ctx.measureText(text).width;
  ctx.fillText(text, 0, 48);
  canvas.data();
  process.stdout.write('ok ' + width);
});
`;

/**
 * Proves Skia survives an upload before any worker loads it (§14: a malicious font must never
 * crash a worker). Fonts are uploaded rarely; the check costs one short-lived process (~0.3 s).
 */
@Injectable()
export class FontSandbox {
  async check(bytes: Buffer, sampleText: string): Promise<void> {
    const outcome = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', PROBE_SCRIPT, require.resolve('@napi-rs/canvas'), sampleText], {
        stdio: ['pipe', 'pipe', 'ignore'],
        timeout: PROBE_TIMEOUT_MS,
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code, signal) => resolve({ code, signal, output }));
      child.stdin.on('error', () => undefined);
      child.stdin.end(bytes);
    });
    if (outcome.code !== 0 || !outcome.output.startsWith('ok ')) {
      const reason = outcome.signal ? `the drawing library failed on it (${outcome.signal})` : 'the drawing library could not load it';
      throw FontsException.invalid(reason);
    }
    const width = Number(outcome.output.slice(3));
    if (!(width > 0)) throw FontsException.invalid('the drawing library draws nothing with it');
  }
}
