// The cached-answer baseline: a bare node:http server in its own process (as Pictor is), answering
// every request with the same JSON body Pictor sends for a cached render.
const { createServer } = require('node:http');

const body = Buffer.from(process.env.BARE_BODY);
createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body));
}).listen(Number(process.env.BARE_PORT), '127.0.0.1', () => process.send?.('listening'));
