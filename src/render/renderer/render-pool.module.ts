import { BeforeApplicationShutdown, DynamicModule, Global, Inject, Injectable, Module } from '@nestjs/common';
import type Piscina from 'piscina';
import { AppConfig } from '../../config/app-config';
import { RENDER_POOL, startRenderPool } from './render-pool';

/**
 * Closes the pool after every module's onModuleDestroy, whatever the modules' order: the job runners stop there and may
 * still be drawing rows until then. (At onApplicationShutdown, after the database closed, an app's close hung.)
 */
@Injectable()
class RenderPoolCloser implements BeforeApplicationShutdown {
  constructor(@Inject(RENDER_POOL) private readonly pool: Piscina) {}

  async beforeApplicationShutdown(): Promise<void> {
    // close() lets running drawings finish; destroy() would abort them.
    await this.pool.close();
  }
}

/**
 * Provides the render threads. main.ts starts them before the application loads and hands them in; every other
 * entry (worker tier, CLI, tests) lets the module start its own.
 */
@Global()
@Module({})
export class RenderPoolModule {
  static forRoot(started?: Piscina): DynamicModule {
    return {
      module: RenderPoolModule,
      providers: [
        started ? { provide: RENDER_POOL, useValue: started } : { provide: RENDER_POOL, useFactory: startRenderPool, inject: [AppConfig] },
        RenderPoolCloser,
      ],
      exports: [RENDER_POOL],
    };
  }
}
