// Preloaded (node --require) into a real server process by test/render-pool-start.e2e-spec.ts: writes to RECORD_FILE
// whether the framework (@nestjs/core) was loaded when the process started its first worker thread, and how many
// worker threads it has started so far.
const { writeFileSync } = require('node:fs');

let nestLoaded;
let workers = 0;
process.on('worker', () => {
  nestLoaded ??= Object.keys(require.cache).some((path) => path.includes('/node_modules/@nestjs/core/'));
  workers++;
  writeFileSync(process.env.RECORD_FILE, JSON.stringify({ nestLoaded, workers }));
});
