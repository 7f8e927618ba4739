// Preloaded (node --require) into a real server process by test/render-pool-start.e2e-spec.ts: when the process
// starts its first worker thread, writes to RECORD_FILE whether the framework (@nestjs/core) was loaded by then.
const { writeFileSync } = require('node:fs');

let recorded = false;
process.on('worker', () => {
  if (recorded) return;
  recorded = true;
  const nestLoaded = Object.keys(require.cache).some((path) => path.includes('/node_modules/@nestjs/core/'));
  writeFileSync(process.env.RECORD_FILE, JSON.stringify({ nestLoaded }));
});
