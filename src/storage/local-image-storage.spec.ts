import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalImageStorage } from './local-image-storage';

describe('LocalImageStorage.put', () => {
  let directory: string;
  let storage: LocalImageStorage;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'pictor-local-storage-'));
    storage = new LocalImageStorage(directory);
  });

  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  // A drawn image takes the synchronous path, a font or huge image the asynchronous one: both must store whole files.
  it.each([
    ['a drawn image (written synchronously)', 48 * 1024],
    ['a file past 1 MiB (written through the thread pool)', 3 * 1024 * 1024],
  ])('stores %s whole, leaving no temporary file', async (_label, size) => {
    const bytes = Buffer.alloc(size, 7);
    bytes[size - 1] = 9;
    await storage.put('card.png', bytes);
    expect(readFileSync(join(directory, 'card.png')).equals(bytes)).toBe(true);
    expect(readdirSync(directory)).toEqual(['card.png']);
    expect(await storage.exists('card.png')).toBe(true);
  });

  it('replaces an existing file and creates folders in the name', async () => {
    await storage.put('fonts/a.woff2', Buffer.from('first'));
    await storage.put('fonts/a.woff2', Buffer.from('second'));
    expect(readFileSync(join(directory, 'fonts', 'a.woff2'), 'utf8')).toBe('second');
    expect(readdirSync(join(directory, 'fonts'))).toEqual(['a.woff2']);
  });

  it('rejects when the target cannot be written, and removes its temporary file', async () => {
    // A folder where the file should go: the rename fails after the temporary file was written.
    await storage.put('taken/inner.png', Buffer.from('x'));
    await expect(storage.put('taken', Buffer.from('y'))).rejects.toThrow();
    expect(readdirSync(directory).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
