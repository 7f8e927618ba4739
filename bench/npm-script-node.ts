import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The node arguments of an npm script of the form `node <flags> <file>` (`start`, `worker`): the bench starts
 * processes exactly as `npm start` / `npm run worker` do (their V8 flags included), minus npm itself.
 */
export function npmScriptNodeArguments(root: string, script: 'start' | 'worker'): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [command, ...rest] = scripts[script].split(' ');
  if (command !== 'node') throw new Error(`npm run ${script} is not "node …": ${scripts[script]}`);
  return rest;
}
