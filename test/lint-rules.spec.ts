import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const FIXTURE = join(__dirname, 'lint-fixtures', 'stored-promises.fixture.ts');

interface LintResult {
  messages: Array<{ line: number; ruleId: string | null }>;
}

/** The project's own lint configuration (run as `npm run lint` runs it) catches the promise shapes that can end the process. */
describe('lint rules against unhandled rejections', () => {
  it('reports every stored or floating promise that can reject, and nothing else', () => {
    // A child process: ESLint loads its flat config with a dynamic import, which jest's VM does not allow.
    const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'eslint'), ['--no-ignore', '--format', 'json', FIXTURE], { cwd: ROOT, encoding: 'utf8' });
    const [result] = JSON.parse(run.stdout) as LintResult[];
    const reported = result.messages.map((message) => `${message.line}:${message.ruleId}`).sort();
    const expected = readFileSync(FIXTURE, 'utf8')
      .split('\n')
      .flatMap((line, index) => {
        if (!line.includes('// BAD')) return [];
        const rule = line.includes('fetchImage(url); // BAD') ? '@typescript-eslint/no-floating-promises' : 'pictor/no-stored-rejectable-promise';
        return [`${index + 1}:${rule}`];
      });
    expect(expected).toHaveLength(4);
    expect(reported).toEqual(expected.sort());
  }, 60_000);
});
