import { setTimeout as sleep } from 'node:timers/promises';
import { QuotaCounterRepository } from '../../src/billing/quota-counter.repository';
import { sampleTemplate, TestAccount } from './factories';
import type { TestApp, TestResponse } from './test-app';

/** Longer than any bounded wait may take (§19/§20 ask for an answer within 10 s). */
export const ANSWER_DEADLINE_MS = 10_000;
const WORKERS = 4;
const MAX_OUTAGE_MS = 15_000;
const MAX_RECOVERY_MS = 20_000;

export interface Answer {
  status: number;
  code?: string;
  cached?: boolean;
  startedAt: number;
  ms: number;
  /** Set when no answer came within ANSWER_DEADLINE_MS (or the connection failed). */
  failure?: string;
}

export interface OutageRun {
  answers: Answer[];
  cutAt: number;
  restoredAt: number;
  /** Restore → the first fresh 200 of a render started after it. */
  recoveryMs: number;
  readyDuringOutage: TestResponse;
  liveDuringOutage: TestResponse;
  /** The other rendering paths, tried once while the dependency was down. */
  otherPaths: OtherPathAnswer[];
}

export interface OtherPathAnswer {
  path: string;
  status: number;
  ms: number;
  /** The answer's code, or for a batch every item's. */
  codes: string[];
  /** Renders it drew and answered (counted). */
  fresh: number;
}

/** Public render, batch, hook render and preview, each once (fresh: unique text), with the time each took. */
async function tryOtherPaths(testApp: TestApp, owner: TestAccount, templateId: string, tag: string): Promise<OtherPathAnswer[]> {
  const layers = (what: string) => ({ title: { text: `${tag} ${what}` } });
  const calls: Array<[string, () => Promise<TestResponse>]> = [
    ['GET /api/render', () => testApp.request('GET', `/api/render?templateId=${templateId}&layers[title][text]=${encodeURIComponent(`${tag} public`)}`)],
    [
      'POST /api/generate/batch',
      () =>
        testApp.request('POST', '/api/generate/batch', {
          apiKey: owner.apiKey,
          body: {
            items: [
              { templateId, layers: layers('batch 1') },
              { templateId, layers: layers('batch 2') },
            ],
          },
        }),
    ],
    ['POST /api/hooks/render', () => testApp.request('POST', '/api/hooks/render', { apiKey: owner.apiKey, body: { templateId, layers: layers('hook') } })],
    ['POST /api/templates/preview', () => testApp.request('POST', '/api/templates/preview', { apiKey: owner.apiKey, body: { template: sampleTemplate() } })],
  ];
  return Promise.all(
    calls.map(async ([path, call]) => {
      const startedAt = Date.now();
      const response = await call();
      const items = (response.status === 200 && Array.isArray(response.body?.data) ? response.body.data : [response.body]) as Array<
        { code?: string; cached?: boolean } | undefined
      >;
      // GET /api/render answers the image itself: its X-Cache tells a drawing.
      const fresh =
        path === 'GET /api/render'
          ? Number(response.status === 200 && response.headers.get('x-cache') === 'MISS')
          : items.filter((item) => response.status === 200 && item?.cached === false).length;
      return { path, status: response.status, ms: Date.now() - startedAt, codes: items.flatMap((item) => (item?.code ? [item.code] : [])), fresh };
    }),
  );
}

/** One render, its answer or why none came in time (the request keeps running; the test fails on it). */
async function timedRender(testApp: TestApp, owner: TestAccount, templateId: string, text: string): Promise<Answer> {
  const startedAt = Date.now();
  const answer = testApp.request('POST', '/api/generate', { apiKey: owner.apiKey, body: { templateId, layers: { title: { text } } } });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => (timer = setTimeout(() => resolve('deadline'), ANSWER_DEADLINE_MS)));
  try {
    const response = await Promise.race([answer, deadline]);
    const ms = Date.now() - startedAt;
    if (response === 'deadline') return { status: 0, startedAt, ms, failure: `no answer within ${ANSWER_DEADLINE_MS} ms` };
    return { status: response.status, code: response.body?.code, cached: response.body?.cached, startedAt, ms };
  } catch (error) {
    // Includes an answer that breaks the OpenAPI document (test-app checks every answer).
    return { status: 0, startedAt, ms: Date.now() - startedAt, failure: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Several renders in flight at all times (each a fresh drawing: unique text); `cut()` the dependency
 * while they run, keep the traffic going until `expectedCode` 503s were seen (and two seconds passed),
 * `restore()` it, and keep going until a render started after the restore is drawn and answered.
 * Every loop is bounded.
 */
export async function runThroughOutage(
  testApp: TestApp,
  owner: TestAccount,
  templateId: string,
  dependency: { name: string; cut: () => Promise<void> | void; restore: () => Promise<void> | void; expectedCode: string },
): Promise<OutageRun> {
  const answers: Answer[] = [];
  let sequence = 0;
  let phase: 'before' | 'outage' | 'after' | 'done' = 'before';
  let restoredAt = Number.POSITIVE_INFINITY;
  const workers = Array.from({ length: WORKERS }, async (_, worker) => {
    while (phase !== 'done') {
      answers.push(await timedRender(testApp, owner, templateId, `${dependency.name} outage ${worker}-${sequence++}`));
    }
  });
  // Traffic flowing first: renders answered, more in flight.
  const warmUntil = Date.now() + MAX_OUTAGE_MS;
  while (Date.now() < warmUntil && answers.filter((answer) => answer.status === 200).length < WORKERS) await sleep(50);
  const cutAt = Date.now();
  await dependency.cut();
  phase = 'outage';
  const refusedNow = () => answers.filter((answer) => answer.status === 503 && answer.code === dependency.expectedCode).length;
  while (Date.now() - cutAt < MAX_OUTAGE_MS && (refusedNow() < 3 || Date.now() - cutAt < 2_000)) await sleep(100);
  const [readyDuringOutage, liveDuringOutage, otherPaths] = await Promise.all([
    testApp.request('GET', '/health/ready'),
    testApp.request('GET', '/health/live'),
    tryOtherPaths(testApp, owner, templateId, `${dependency.name} other ${cutAt}`),
  ]);
  await dependency.restore();
  restoredAt = Date.now();
  phase = 'after';
  const recovered = () => answers.find((answer) => answer.startedAt >= restoredAt && answer.status === 200 && answer.cached === false);
  while (Date.now() - restoredAt < MAX_RECOVERY_MS && !recovered()) await sleep(100);
  phase = 'done';
  await Promise.all(workers);
  const first = recovered();
  return {
    answers,
    cutAt,
    restoredAt,
    recoveryMs: first ? first.startedAt + first.ms - restoredAt : Number.POSITIVE_INFINITY,
    readyDuringOutage,
    liveDuringOutage,
    otherPaths,
  };
}

/** Polls until the account's usage settles on `expected` (refunds held back by the outage land within seconds), bounded. */
export async function usageOnceSettled(testApp: TestApp, owner: TestAccount, expected: { used: number; minuteCount: number }) {
  let usage = { used: -1, minuteCount: -1, openLeases: -1 };
  const giveUpAt = Date.now() + 15_000;
  while (Date.now() < giveUpAt) {
    const body = (await testApp.request('GET', '/api/usage', { apiKey: owner.apiKey })).body;
    const openLeases = await testApp.get(QuotaCounterRepository).openLeases(owner.account.id);
    usage = { used: body.quota.used, minuteCount: body.rateLimit.limit - body.rateLimit.remaining, openLeases };
    if (usage.used === expected.used && usage.minuteCount === expected.minuteCount && openLeases === 0) break;
    await sleep(250);
  }
  return usage;
}
