import { DemandMeter, QuotaBlock } from './quota-block';

describe('QuotaBlock', () => {
  const block = (size = 3, handOutUntilMs = 1_000) => new QuotaBlock('b', 'a', new Date(0), size, handOutUntilMs, new Date(20_000));

  it('hands out its units until spent, then refuses', () => {
    const units = block(3);
    expect([units.take(0), units.take(1), units.take(2), units.take(3)]).toEqual([true, true, true, false]);
    expect(units.freeUnits).toBe(0);
    expect(units.isDone).toBe(false);
  });

  it('hands out nothing from its hand-out time on', () => {
    const units = block(3, 500);
    expect(units.take(499)).toBe(true);
    expect(units.take(500)).toBe(false);
    expect(units.freeUnits).toBe(2);
  });

  it('takes a unit given back before the commit while it hands out, and gives the free ones back when closed', () => {
    const units = block(3);
    units.take(0);
    units.take(0);
    units.giveBack();
    expect(units.freeUnits).toBe(2);
    expect(units.close()).toBe(2);
    expect(units.take(0)).toBe(false);
    // One unit still in flight: not settled until it lands.
    expect(units.isDone).toBe(false);
    units.landed();
    expect(units.isDone).toBe(true);
  });

  it('keeps a unit given back after it closed out of its free units (the settlement gives it back)', () => {
    const units = block(2);
    units.take(0);
    expect(units.close()).toBe(1);
    units.giveBack();
    expect(units.freeUnits).toBe(0);
    expect(units.isDone).toBe(true);
  });
});

describe('DemandMeter', () => {
  it('counts admissions over the current window and the one before', () => {
    const meter = new DemandMeter(1_000);
    expect([meter.note(10_000), meter.note(10_100), meter.note(10_999)]).toEqual([1, 2, 3]);
    // Next window: the previous one's three still count.
    expect(meter.note(11_000)).toBe(4);
    expect(meter.note(11_500)).toBe(5);
    // Two windows on: only the last one's two and this one.
    expect(meter.note(12_100)).toBe(3);
    // After a pause longer than two windows nothing old counts.
    expect(meter.note(20_000)).toBe(1);
  });
});
