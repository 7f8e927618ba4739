import { Injectable } from '@nestjs/common';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The file system side of templates-as-code, injectable so the rules can be tested without disk. */
@Injectable()
export class TemplateDirectory {
  async isDirectory(dir: string): Promise<boolean> {
    return stat(dir).then((entry) => entry.isDirectory(), () => false);
  }

  async ensure(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true });
  }

  /** `*.json` file names, sorted, so reports list them in a stable order. */
  async jsonFiles(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.json')).map((entry) => entry.name).sort();
  }

  read(dir: string, file: string): Promise<string> {
    return readFile(join(dir, file), 'utf8');
  }

  async write(dir: string, file: string, text: string): Promise<void> {
    await writeFile(join(dir, file), text);
  }
}
