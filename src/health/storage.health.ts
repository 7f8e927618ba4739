import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { ImageStorage } from '../storage/image-storage';

/** Ready only if a file can actually be written where images go. */
@Injectable()
export class StorageHealthIndicator {
  constructor(
    private readonly storage: ImageStorage,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async check(key: string) {
    const indicator = this.indicators.check(key);
    try {
      await this.storage.probe();
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}
