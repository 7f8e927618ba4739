import { Injectable } from '@nestjs/common';

/** Every time-based rule reads the clock through this, so tests can move time without sleeping. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  nowMs(): number {
    return Date.now();
  }
}
