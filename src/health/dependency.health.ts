import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';

/** Runs one dependency probe with a deadline; a throw or a timeout marks that dependency down. */
@Injectable()
export class DependencyHealthIndicator {
  constructor(private readonly indicators: HealthIndicatorService) {}

  async check(key: string, probe: () => Promise<void>, timeoutMs: number) {
    const indicator = this.indicators.check(key);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        probe(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    } finally {
      clearTimeout(timer);
    }
  }
}
