// Preloaded into a starting Pictor (`node -r ./bench/start-phases.js dist/main.js`) by the bench's memory section:
// where the time before the port opens goes. Every require's own time (its file's loading and top-level code, less
// the requires it makes) is added to the kind of file it loads: a package under node_modules, Pictor's own (dist/),
// or Node's. When the HTTP server starts listening, writes the sums, that moment and the main thread's CPU time so far
// (/proc, 10 ms ticks) to START_PHASES_FILE as JSON.
// Main thread only; the render threads load their own modules in parallel.
'use strict';
const { isMainThread } = require('node:worker_threads');
const { readFileSync, writeFileSync } = require('node:fs');

/** This thread's user + system CPU time, in ms (fields 14 and 15 of /proc/thread-self/stat, after the command's parentheses). */
const threadCpuMs = () => {
  const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

if (isMainThread && process.env.START_PHASES_FILE) {
  const Module = require('node:module');
  const http = require('node:http');
  const load = Module._load;
  const own = { packages: 0, pictor: 0, node: 0 };
  const stack = [];
  const kindOf = (request, parent) => {
    let file;
    try {
      file = Module._resolveFilename(request, parent);
    } catch {
      return 'node';
    }
    if (file.includes('/node_modules/')) return 'packages';
    return file.startsWith('/') ? 'pictor' : 'node';
  };
  Module._load = function (request, parent) {
    const frame = { kind: kindOf(request, parent), children: 0 };
    const started = performance.now();
    stack.push(frame);
    try {
      return load.apply(this, arguments);
    } finally {
      stack.pop();
      const spent = performance.now() - started;
      own[frame.kind] += spent - frame.children;
      if (stack.length > 0) stack[stack.length - 1].children += spent;
    }
  };
  const listen = http.Server.prototype.listen;
  http.Server.prototype.listen = function () {
    const loading = Object.fromEntries(Object.entries(own).map(([kind, ms]) => [kind, Math.round(ms)]));
    writeFileSync(process.env.START_PHASES_FILE, JSON.stringify({ listenAt: Math.round(performance.now()), mainThreadCpu: threadCpuMs(), loading }));
    http.Server.prototype.listen = listen;
    return listen.apply(this, arguments);
  };
}
