import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalImageStorage, SPARE_FOLDER } from './local-image-storage';
import { STALE_SPARE_MS } from './spare-files';

describe('LocalImageStorage', () => {
  let directory: string;
  let storage: LocalImageStorage;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'pictor-local-storage-'));
    storage = new LocalImageStorage(directory);
  });

  afterEach(async () => {
    await storage.onModuleDestroy();
    rmSync(directory, { recursive: true, force: true });
  });

  /** The files stored, spares left out. */
  const stored = () => readdirSync(directory).filter((name) => name !== SPARE_FOLDER);
  // The folder is made in the background with the first spares.
  const spares = () => (existsSync(join(directory, SPARE_FOLDER)) ? readdirSync(join(directory, SPARE_FOLDER)) : []);
  /** Waits (up to 10 s: a loaded machine) until the store holds 8 spares ready and the folder `count` files. */
  const sparesReady = async (count = 8) => {
    const done = () => storage.spares.available() === 8 && spares().length === count;
    for (let waited = 0; waited < 10_000 && !done(); waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(storage.spares.available()).toBe(8);
    expect(spares()).toHaveLength(count);
  };

  // A drawn image takes the synchronous path, a font or huge image the asynchronous one: both must store whole files.
  it.each([
    ['a drawn image (written synchronously)', 48 * 1024],
    ['a file past 1 MiB (written through the thread pool)', 3 * 1024 * 1024],
  ])('stores %s whole, leaving no temporary file', async (_label, size) => {
    const bytes = Buffer.alloc(size, 7);
    bytes[size - 1] = 9;
    await storage.put('card.png', bytes);
    expect(readFileSync(join(directory, 'card.png')).equals(bytes)).toBe(true);
    expect(stored()).toEqual(['card.png']);
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

  it('writes a drawn image into a spare empty file made ahead (no file created on the event loop), and makes another', async () => {
    await storage.put('first.png', Buffer.from('first'));
    await sparesReady();
    const inodes = new Set(spares().map((name) => statSync(join(directory, SPARE_FOLDER, name)).ino));
    const bytes = Buffer.alloc(48 * 1024, 3);
    await storage.put('second.png', bytes);
    expect(inodes.has(statSync(join(directory, 'second.png')).ino)).toBe(true);
    expect(readFileSync(join(directory, 'second.png')).equals(bytes)).toBe(true);
    await sparesReady();
    expect(stored().sort()).toEqual(['first.png', 'second.png']);
  });

  /** Files this process holds open under `folder` (its descriptors, from /proc). */
  const openUnder = (folder: string) =>
    readdirSync('/proc/self/fd').flatMap((descriptor) => {
      try {
        const target = readlinkSync(join('/proc/self/fd', descriptor));
        return target.startsWith(folder) ? [target] : [];
      } catch {
        return [];
      }
    });

  it('keeps each spare open from its making, and writes an image through that descriptor, then closes it', async () => {
    await storage.put('first.png', Buffer.from('first'));
    await sparesReady();
    expect(openUnder(join(directory, SPARE_FOLDER)).sort()).toEqual(
      spares()
        .map((name) => join(directory, SPARE_FOLDER, name))
        .sort(),
    );
    await storage.put('second.png', Buffer.from('second'));
    expect(openUnder(directory).filter((path) => !path.startsWith(join(directory, SPARE_FOLDER)))).toEqual([]);
  });

  it('removes its spares at shutdown, and closes them', async () => {
    await storage.put('card.png', Buffer.from('x'));
    await sparesReady();
    await storage.onModuleDestroy();
    expect(spares()).toEqual([]);
    expect(openUnder(directory)).toEqual([]);
  });

  it('removes spares a dead process left (older than an hour), not younger ones', async () => {
    const folder = join(directory, SPARE_FOLDER);
    mkdirSync(folder);
    writeFileSync(join(folder, 'dead-1'), '');
    writeFileSync(join(folder, 'alive-1'), '');
    const old = (Date.now() - STALE_SPARE_MS - 60_000) / 1000;
    utimesSync(join(folder, 'dead-1'), old, old);
    await storage.put('card.png', Buffer.from('x'));
    await sparesReady(9);
    expect(spares()).toContain('alive-1');
    expect(spares()).not.toContain('dead-1');
  });

  it('stores the image all the same when its spare was removed under it', async () => {
    await storage.put('first.png', Buffer.from('first'));
    await sparesReady();
    for (const name of spares()) rmSync(join(directory, SPARE_FOLDER, name));
    await storage.put('second.png', Buffer.from('second'));
    expect(readFileSync(join(directory, 'second.png'), 'utf8')).toBe('second');
    expect(stored().filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  // localWrite: the files through which a render thread stores the image it drew.
  it('names the image file and a temporary one beside it (a rename stays atomic), unique on every call', () => {
    const first = storage.localWrite('drawn.png')!;
    const second = storage.localWrite('drawn.png')!;
    expect(first.target).toBe(join(directory, 'drawn.png'));
    expect(first.temporary.startsWith(join(directory, '.drawn.png.'))).toBe(true);
    expect(second.temporary).not.toBe(first.temporary);
  });

  it('is null for a name in a folder (fonts/…): those are put', () => {
    expect(storage.localWrite('fonts/face.ttf')).toBeNull();
  });

  it('removes the temporary files of writers that died mid-write, in the background of its first write, and nothing else', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    const ownTag = /\.([0-9a-f]{12})-\d+\.tmp$/.exec(storage.localWrite('probe.png')!.temporary)![1];
    // That write swept an empty folder; the files below are for a new store's first write.
    expect(await storage.removeAbandoned()).toBe(0);
    const otherTag = ownTag === '0123456789ab' ? 'ba9876543210' : '0123456789ab';
    const place = (name: string, old = true) => {
      mkdirSync(join(directory, name, '..'), { recursive: true });
      writeFileSync(join(directory, name), 'partial');
      if (old) utimesSync(join(directory, name), twoHoursAgo, twoHoursAgo);
    };
    const abandoned = [`.card.png.${otherTag}-7.tmp`, `fonts/account/.a.woff2.${otherTag}-3.tmp`];
    const kept = [
      `.being-written.png.${otherTag}-8.tmp`, // another process's write in progress: touched just now
      `.ours.png.${ownTag}-1.tmp`, // this process's own (its writer renames or removes it)
      '.notes.tmp', // not a name the store makes
      'old.png', // an image, however old
    ];
    for (const name of abandoned) place(name);
    for (const name of kept) place(name, !name.startsWith('.being-written'));

    // A new store (a new process) sweeps in the background of its first write, once.
    const restarted = new LocalImageStorage(directory);
    try {
      await restarted.put('card2.png', Buffer.from('png'));
      const gone = () => abandoned.every((name) => !existsSync(join(directory, name)));
      for (let waited = 0; waited < 5_000 && !gone(); waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(abandoned.filter((name) => existsSync(join(directory, name)))).toEqual([]);
      // The sweep that write started, not another one.
      expect(await restarted.removeAbandoned()).toBe(2);
    } finally {
      await restarted.onModuleDestroy();
    }
    for (const name of kept) expect(existsSync(join(directory, name))).toBe(true);
    expect(existsSync(join(directory, 'card2.png'))).toBe(true);
  });
  it('stops its sweep at shutdown: the folder it was reading is closed and the rest of the sweep is not done', async () => {
    const ownTag = /\.([0-9a-f]{12})-\d+\.tmp$/.exec(storage.localWrite('probe.png')!.temporary)![1];
    // That write started this store's own sweep (of an empty folder): done before the files below are placed.
    await storage.removeAbandoned();
    const otherTag = ownTag === '0123456789ab' ? 'ba9876543210' : '0123456789ab';
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    // Enough abandoned files that a sweep cannot finish between a write and the shutdown that follows it.
    const abandoned = Array.from({ length: 3_000 }, (_, index) => join(directory, `.card${index}.png.${otherTag}-${index}.tmp`));
    for (const path of abandoned) {
      writeFileSync(path, 'partial');
      utimesSync(path, twoHoursAgo, twoHoursAgo);
    }
    const restarted = new LocalImageStorage(directory);
    await restarted.put('card2.png', Buffer.from('png'));
    await restarted.onModuleDestroy();
    expect(openUnder(directory)).toEqual([]);
    const left = abandoned.filter((path) => existsSync(path)).length;
    expect(left).toBeGreaterThan(0);
    // Stopped, not paused: nothing more goes after the shutdown.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(abandoned.filter((path) => existsSync(path)).length).toBe(left);
  });
});
