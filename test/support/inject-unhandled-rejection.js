// Preloaded (node --require) into a real server process by test/process-faults.e2e-spec.ts: on SIGUSR2, one
// promise rejects with nobody listening, as a missed `await` somewhere in the server would.
process.on('SIGUSR2', () => {
  void Promise.reject(Object.assign(new Error('injected rejection'), { requestId: 'req-injected-1' }));
});
