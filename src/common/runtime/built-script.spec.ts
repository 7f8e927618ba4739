import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { builtScript } from './built-script';

describe('builtScript', () => {
  const rendererSources = join(__dirname, '..', '..', 'render', 'renderer');

  it('finds a worker compiled from the caller’s own folder in dist/ when the caller runs from sources', () => {
    const found = builtScript(rendererSources, 'render.worker.js');
    expect(found).toBe(join(__dirname, '..', '..', '..', 'dist', 'render', 'renderer', 'render.worker.js'));
    expect(existsSync(found)).toBe(true);
  });

  it('says which script is not built, and how to build it', () => {
    expect(() => builtScript(rendererSources, 'no-such.worker.js')).toThrow(
      /no-such\.worker\.js is not built \(.*dist\/render\/renderer\/no-such\.worker\.js\); run npm run build/,
    );
  });
});
