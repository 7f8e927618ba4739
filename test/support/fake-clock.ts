import { Clock } from '../../src/common/clock/clock';

/** A clock tests move by hand: `advance(61_000)` instead of sleeping. */
export class FakeClock extends Clock {
  private offsetMs = 0;

  override now(): Date {
    return new Date(this.nowMs());
  }

  override nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  set(date: Date): void {
    this.offsetMs = date.getTime() - Date.now();
  }
}
