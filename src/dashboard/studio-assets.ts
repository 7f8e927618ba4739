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
  isEntry?: boolean;
}

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
  private entry: { script: string; styles: string[] } | undefined;

  entryPoint(): { script: string; styles: string[] } {
    if (!this.entry) {
      const manifestFile = join(this.directory, '.vite', 'manifest.json');
      if (!existsSync(manifestFile)) throw new Error(`Studio not built (${manifestFile}); run npm run build`);
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
      const chunk = Object.values(manifest).find((item) => item.isEntry)!;
      this.entry = { script: `/app/${chunk.file}`, styles: (chunk.css ?? []).map((file) => `/app/${file}`) };
    }
    return this.entry;
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
