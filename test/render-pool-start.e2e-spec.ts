import { Test } from '@nestjs/testing';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Piscina from 'piscina';
import sharp from 'sharp';
import { ConfigModule } from '../src/config/config.module';
import { loadConfig } from '../src/config/app-config';
import { drawTemplate } from '../src/render/renderer/draw-template';
import { FontCollectionLock } from '../src/render/renderer/font-collection-lock';
import { BLANK_DRAW_JOB, RENDER_POOL, renderWorkerData, startRenderPool } from '../src/render/renderer/render-pool';
import { RenderPoolModule } from '../src/render/renderer/render-pool.module';
import { freshDatabaseUrl } from './support/test-database';
import { freePort, startPictorProcess } from './support/server-process';

const WORKER_FILE = join(__dirname, '..', 'dist', 'render', 'renderer', 'render.worker.js');

/** The render threads start before the framework loads (main.ts), so they come up while it does. */
describe('render pool start', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'pictor-pool-start-'));
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('npm start makes its first render thread before @nestjs/core is loaded, and the app draws with that pool', async () => {
    const database = await freshDatabaseUrl(dataDir);
    const port = await freePort();
    const recordFile = join(dataDir, 'first-thread.json');
    const server = await startPictorProcess(
      'main',
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        RENDER_THREADS: '1',
        RECORD_FILE: recordFile,
        NODE_OPTIONS: `--require ${join(__dirname, 'support', 'record-first-render-thread.js')}`,
      },
      `http://127.0.0.1:${port}`,
    );
    try {
      // Readiness draws a probe on the render pool; one thread in all (RENDER_THREADS 1): the app uses the pool
      // main.ts started and starts none of its own.
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
      expect(ready.status).toBe(200);
      expect(JSON.parse(readFileSync(recordFile, 'utf8'))).toEqual({ nestLoaded: false, workers: 1 });
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 90_000);

  it('hands the pool it was given to its users and closes it when the app closes', async () => {
    const pool = startRenderPool({ renderThreads: 1, renderNice: 0, renderTimeoutMs: 15_000 });
    const moduleRef = await Test.createTestingModule({ imports: [RenderPoolModule.forRoot(pool)] }).compile();
    const app = await moduleRef.init();
    expect(app.get(RENDER_POOL)).toBe(pool);
    await pool.run(BLANK_DRAW_JOB);
    expect(pool.threads.length).toBe(1);
    await app.close();
    expect(pool.threads.length).toBe(0);
  }, 60_000);

  it('starts its own pool with the configured threads when none is given (worker tier, CLI, tests)', async () => {
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, RENDER_THREADS: '2' });
    const moduleRef = await Test.createTestingModule({ imports: [ConfigModule.forRoot(config), RenderPoolModule.forRoot()] }).compile();
    const app = await moduleRef.init();
    const pool = app.get<Piscina>(RENDER_POOL);
    try {
      expect(pool.maxThreads).toBe(2);
      await pool.run(BLANK_DRAW_JOB);
    } finally {
      await app.close();
    }
    expect(pool.threads.length).toBe(0);
  }, 60_000);

  it('hands every thread a text to draw first, which draws without warnings', async () => {
    const { warmUp } = renderWorkerData(FontCollectionLock.create(60_000).shared());
    expect(warmUp!.design.layers.map((layer) => layer.type)).toEqual(['text']);
    const drawn = await drawTemplate(warmUp!);
    expect(drawn.warnings).toEqual([]);
    expect(drawn.fontsMissing).toBeFalsy();
    // The text is drawn (not a blank square): some pixels are dark.
    const { data } = await sharp(drawn.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeLessThan(128);
  }, 30_000);

  it('a render thread draws that text as it starts, before any task (the first render does not wait for what text loads once)', async () => {
    const data = renderWorkerData(FontCollectionLock.create(60_000).shared());
    // Stored where this test can see it, so the drawing is observable without a task.
    const target = join(dataDir, 'warm-up.png');
    const pool = new Piscina({
      filename: WORKER_FILE,
      minThreads: 1,
      maxThreads: 1,
      execArgv: [],
      workerData: { ...data, warmUp: { ...data.warmUp!, storeAt: { target, temporary: join(dataDir, '.warm-up.tmp') } } },
    });
    try {
      const startedAt = Date.now();
      while (!existsSync(target) && Date.now() - startedAt < 20_000) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pool.completed).toBe(0);
      expect(await sharp(target).metadata()).toMatchObject({ format: 'png', width: 20, height: 20 });
    } finally {
      await pool.destroy();
    }
  }, 30_000);
});
