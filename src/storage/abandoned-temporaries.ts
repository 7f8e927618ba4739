import { lstat, opendir, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/** LocalImageStorage's temporary files: `.<name>.<process tag>-<n>.tmp` (see its `beside`); group 1 is the process tag. */
export const TEMPORARY_FILE = /^\..+\.([0-9a-f]{12})-\d+\.tmp$/;
/** A temporary file this old (by its last write) belongs to a process that died mid-write: a live write touches it within seconds. */
export const ABANDONED_TEMPORARY_MS = 60 * 60_000;

export interface AbandonedTemporariesSweep {
  /** Files last written before this instant are abandoned. */
  olderThanMs: number;
  /** This process's own tag: its temporaries are never removed here (their writer removes or renames them). */
  ownTag: string;
  /** Folder names not entered (the spares' folder: its files never match, and it has its own sweep). */
  skip: readonly string[];
  /** Stops the sweep between two entries (shutdown): the folder being read is closed, nothing stays open. */
  signal: AbortSignal;
}

/**
 * Removes the temporary files that writers which died mid-write left in `directory` and its subfolders (a process
 * killed, a render thread ended by its budget while it stored its image): nothing else ever removes them. Reads the
 * folders as streams (an images folder may hold millions of files) and stats only names that match. Returns how
 * many it removed; a file gone meanwhile is not an error.
 */
export async function removeAbandonedTemporaries(directory: string, sweep: AbandonedTemporariesSweep): Promise<number> {
  let removed = 0;
  const folders = [directory];
  for (let folder = folders.pop(); folder !== undefined && !sweep.signal.aborted; folder = folders.pop()) {
    const entries = await opendir(folder, { bufferSize: 256 }).catch(() => null);
    if (!entries) continue;
    for await (const entry of entries) {
      if (sweep.signal.aborted) break;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!sweep.skip.includes(entry.name)) folders.push(path);
        continue;
      }
      const tag = TEMPORARY_FILE.exec(entry.name)?.[1];
      if (!entry.isFile() || tag === undefined || tag === sweep.ownTag) continue;
      const info = await lstat(path).catch(() => null);
      if (!info || info.mtimeMs >= sweep.olderThanMs) continue;
      try {
        await unlink(path);
        removed++;
      } catch {
        // Gone meanwhile (another process's sweep), or not removable: either way not this sweep's.
      }
    }
  }
  return removed;
}
