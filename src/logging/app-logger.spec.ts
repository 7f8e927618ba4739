import type { AppConfig } from '../config/app-config';
import { AppLogger } from './app-logger';

describe('AppLogger', () => {
  const logger = new AppLogger({ logLevel: 'info', logFormat: 'json' } as AppConfig);

  it("maps Nest's (message, stack?, context) calls onto pino fields", () => {
    const info = jest.spyOn(logger.pino, 'info').mockImplementation(() => undefined);
    const error = jest.spyOn(logger.pino, 'error').mockImplementation(() => undefined);
    logger.log('started', 'Bootstrap');
    logger.error('render failed', 'Error: boom\n    at draw', 'RenderService');
    logger.error('no stack', 'RenderService');
    expect(info).toHaveBeenCalledWith({ context: 'Bootstrap' }, 'started');
    expect(error).toHaveBeenNthCalledWith(1, { context: 'RenderService', stack: 'Error: boom\n    at draw' }, 'render failed');
    expect(error).toHaveBeenNthCalledWith(2, { context: 'RenderService' }, 'no stack');
  });

  it('skips levels below the configured one without building the line', () => {
    const debug = jest.spyOn(logger.pino, 'debug');
    logger.debug('quiet', 'Somewhere');
    expect(debug).not.toHaveBeenCalled();
  });
});
