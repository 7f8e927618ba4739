// What the fresh-render ceilings do per request, and nothing more: the raw pipeline's pool (same worker file, threads
// and options as Pictor's), the template's title replaced by the body's text, drawn, and a JSON answer like Pictor's.
// No auth, cache, quota, storage or validation. Shared by the HTTP ceiling (bare-render-server.js) and the framework's
// fresh ceiling (framework-server.ts with FRAMEWORK_FRESH=on), so the two differ only in what serves the request.
const { join } = require('node:path');
const Piscina = require('piscina');
const { FontCollectionLock } = require('../dist/render/renderer/font-collection-lock');

/** `designs`: { [templateId]: resolved design }. */
function createCeilingRenderer(designs, threads) {
  const pool = new Piscina({
    filename: join(__dirname, '..', 'dist', 'render', 'renderer', 'render.worker.js'),
    minThreads: threads,
    maxThreads: threads,
    execArgv: [],
    workerData: { fontCollectionLock: FontCollectionLock.create(60_000).shared() },
  });
  return {
    /** `body`: a parsed POST /api/generate body; resolves to the answer's JSON. */
    async generate(body) {
      const startedAt = performance.now();
      const { templateId, format = 'png', layers } = body;
      const design = designs[templateId];
      const job = {
        design: { ...design, layers: design.layers.map((layer) => (layer.name === 'title' ? { ...layer, text: layers.title.text } : layer)) },
        output: { width: design.width, height: design.height, format, quality: 85 },
        images: new Map(),
      };
      const { bytes } = await pool.run(job);
      return JSON.stringify({
        success: true,
        imageUrl: `http://127.0.0.1/images/${bytes.byteLength}.${format}`,
        cached: false,
        generationTimeMs: Math.round(performance.now() - startedAt),
      });
    },
  };
}

module.exports = { createCeilingRenderer };
