import { ProgressReporter, progressLine } from './jobs-command';

const job = (done: number, failed = 0) => ({
  id: 'job_x',
  status: 'running' as const,
  progress: (done + failed) / 4,
  done,
  failed,
  total: 4,
  templateId: 'tpl',
  format: 'png',
  output: 'zip',
  resultUrl: null,
  resultError: null,
  metadata: null,
  createdAt: '',
  startedAt: null,
  finishedAt: null,
});

describe('jobs:create progress', () => {
  it('draws a bar, the share finished and the counts', () => {
    expect(progressLine(job(1, 1))).toBe('job_x [###############...............]  50% 1 done, 1 failed of 4 (running)');
  });

  it('redraws one line on a terminal, and ends it with a newline', () => {
    const written: string[] = [];
    const reporter = new ProgressReporter({ isTTY: true, write: (text: string) => written.push(text) });
    reporter.show(job(1));
    reporter.show(job(1));
    reporter.show(job(2));
    reporter.end();
    expect(written).toEqual([`\r\u001b[2K${progressLine(job(1))}`, `\r\u001b[2K${progressLine(job(2))}`, '\n']);
  });

  it('writes a plain line per change elsewhere (a log, a pipe)', () => {
    const written: string[] = [];
    const reporter = new ProgressReporter({ isTTY: false, write: (text: string) => written.push(text) });
    reporter.show(job(0));
    reporter.show(job(0));
    reporter.show(job(4));
    reporter.end();
    expect(written).toEqual([`${progressLine(job(0))}\n`, `${progressLine(job(4))}\n`]);
  });
});
