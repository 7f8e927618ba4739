// The fresh-render HTTP ceiling: bare node:http in its own process (as Pictor is) in front of the raw
// pipeline's pool (render-ceiling.js). It parses POST /api/generate's JSON, draws the template's title with the
// body's text and answers a JSON like Pictor's; no auth, cache, quota, storage or framework. What it loses against
// the raw pipeline is HTTP and the load generator on the same cores, so no API on this machine can come closer to
// the raw pipeline than it does.
const { createServer } = require('node:http');
const { createCeilingRenderer } = require('./render-ceiling');

const renderer = createCeilingRenderer(JSON.parse(process.env.BARE_DESIGNS), Number(process.env.BARE_THREADS));

createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    Promise.resolve()
      .then(() => renderer.generate(JSON.parse(Buffer.concat(chunks).toString())))
      .then(
        (json) => response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) }).end(json),
        (error) => response.writeHead(500).end(String(error)),
      );
  });
}).listen(Number(process.env.BARE_PORT), '127.0.0.1', () => process.send?.('listening'));
