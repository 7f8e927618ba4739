import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeLocally } from '../src/storage/local-write';

/** The sample card's PNG is ~48 KB. */
const PROBE_BYTES = 48 * 1024;
let probes = 0;

/**
 * The CPU one stored image costs on this disk, outside Pictor: a file created, written, closed and renamed into place
 * by the function a render thread stores its image with (writeLocally), in this process, beside Pictor's images. A floor of the fresh
 * render's own work that no HTTP ceiling pays (it stores nothing). On ext4 without a journal (this machine), a
 * creation scans past the inodes freed in the last minute or more, so it varies with what was deleted before:
 * 35–60 µs a file, 130–930 µs after 10,000 deletions (docs/performance.md, 2026-11-28).
 */
export function fileStoreCost(dataDir: string, files = 300): { cpuMicroseconds: number; kernelMicroseconds: number } {
  const run = ++probes;
  const created = join(dataDir, 'store-probe', 'created');
  const placed = join(dataDir, 'store-probe', 'placed');
  mkdirSync(created, { recursive: true });
  mkdirSync(placed, { recursive: true });
  const payload = Buffer.alloc(PROBE_BYTES, 7);
  const before = process.cpuUsage();
  for (let index = 0; index < files; index++) {
    writeLocally(payload, { temporary: join(created, `${run}-${index}`), target: join(placed, `${run}-${index}.png`) });
  }
  // The files stay until the bench removes its data directory: removing them here would slow the next creations.
  const used = process.cpuUsage(before);
  return { cpuMicroseconds: (used.user + used.system) / files, kernelMicroseconds: used.system / files };
}
