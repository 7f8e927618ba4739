import { Injectable } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The studio bundle built by Vite (npm run build): dist/studio, beside the compiled server. */
function studioDirectory(): string {
  const beside = join(__dirname, '..', 'studio');
  if (existsSync(join(beside, '.vite', 'manifest.json'))) return beside;
  // Running from TypeScript sources (tests): the build in dist/.
  return join(__dirname, '..', '..', 'dist', 'studio');
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The bundle's entries: the dashboard's studio, and the embed (§23) that mounts the same studio or its form. */
export type StudioEntry = 'src/main.tsx' | 'src/embed.tsx';

export interface StudioAsset {
  body: Buffer;
  contentType: string;
}

const TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', map: 'application/json' };
/** Vite's hashed names only: nothing else in the folder (and no path) can be asked for. */
const ASSET_NAME = /^[\w-]+\.(js|css|map)$/;

/** Serves the built studio's hashed files (long-cached) and names the entry's script and styles. */
@Injectable()
export class StudioAssets {
  private readonly directory = studioDirectory();
  private readonly files = new Map<string, StudioAsset>();
  private readonly entries = new Map<StudioEntry, { script: string; styles: string[] }>();

  entryPoint(name: StudioEntry = 'src/main.tsx'): { script: string; styles: string[] } {
    let entry = this.entries.get(name);
    if (!entry) {
      const manifestFile = join(this.directory, '.vite', 'manifest.json');
      if (!existsSync(manifestFile)) throw new Error(`Studio not built (${manifestFile}); run npm run build`);
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
      const chunk = manifest[name];
      if (!chunk?.isEntry) throw new Error(`Studio entry ${name} not built; run npm run build`);
      // Styles of the chunks the entry shares with the other one are listed on those chunks.
      const styles = new Set<string>();
      const collect = (item: ManifestChunk | undefined) => {
        for (const file of item?.css ?? []) styles.add(`/app/${file}`);
        for (const imported of item?.imports ?? []) collect(manifest[imported]);
      };
      collect(chunk);
      entry = { script: `/app/${chunk.file}`, styles: [...styles] };
      this.entries.set(name, entry);
    }
    return entry;
  }

  /** null for any name that is not a built asset. */
  asset(name: string): StudioAsset | null {
    if (!ASSET_NAME.test(name)) return null;
    let found = this.files.get(name);
    if (!found) {
      const file = join(this.directory, 'assets', name);
      if (!existsSync(file)) return null;
      found = { body: readFileSync(file), contentType: TYPES[name.slice(name.lastIndexOf('.') + 1)] };
      this.files.set(name, found);
    }
    return found;
  }
}
