import { AppConfig, ConfigError, loadConfig } from './config/app-config';
import { startRenderPool } from './render/renderer/render-pool';

/** A wrong variable, or wrong configuration found while starting (a storage bucket that does not exist, refused credentials), stops start-up with one line. */
function exitOnConfigError(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  exitOnConfigError(error);
}
// The render threads load Skia and the fonts while this thread loads the framework and the application: start-up is
// bound by loading packages, and a first render after ready does not wait for its thread to come up.
const renderPool = startRenderPool(config);
import('./server').then(({ serve }) => serve(config, renderPool)).catch(exitOnConfigError);
