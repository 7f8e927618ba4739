// The fresh-render HTTP ceiling: bare node:http in its own process (as Pictor is) in front of the raw
// pipeline's pool (same worker file, threads and options). It parses POST /api/generate's JSON, draws the
// template's title with the body's text and answers a JSON like Pictor's; no auth, cache, quota, storage or
// framework. What it loses against the raw pipeline is HTTP and the load generator on the same cores, so no
// API on this machine can come closer to the raw pipeline than it does.
const { createServer } = require('node:http');
const { join } = require('node:path');
const Piscina = require('piscina');
const { FontCollectionLock } = require('../dist/render/renderer/font-collection-lock');

/** { [templateId]: resolved design } */
const designs = JSON.parse(process.env.BARE_DESIGNS);
const threads = Number(process.env.BARE_THREADS);
const pool = new Piscina({
  filename: join(__dirname, '..', 'dist', 'render', 'renderer', 'render.worker.js'),
  minThreads: threads,
  maxThreads: threads,
  execArgv: [],
  workerData: { fontCollectionLock: FontCollectionLock.create(60_000).shared() },
});

async function generate(body) {
  const startedAt = performance.now();
  const { templateId, format = 'png', layers } = JSON.parse(body);
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
}

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    generate(Buffer.concat(chunks).toString()).then(
      (json) => response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) }).end(json),
      (error) => response.writeHead(500).end(String(error)),
    );
  });
}).listen(Number(process.env.BARE_PORT), '127.0.0.1', () => process.send?.('listening'));
