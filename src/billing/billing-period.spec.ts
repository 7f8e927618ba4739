import { addMonthsClamped, billingPeriodAt } from './billing-period';

const utc = (text: string) => new Date(`${text}Z`);

describe('billing periods', () => {
  it('clamps a Jan 31 anchor to the end of shorter months and comes back to the 31st', () => {
    const anchor = utc('2025-01-31T10:00:00.000');
    expect(addMonthsClamped(anchor, 1)).toEqual(utc('2025-02-28T10:00:00.000'));
    expect(addMonthsClamped(anchor, 2)).toEqual(utc('2025-03-31T10:00:00.000'));
    expect(addMonthsClamped(anchor, 3)).toEqual(utc('2025-04-30T10:00:00.000'));
  });

  it('uses Feb 29 in leap years', () => {
    expect(addMonthsClamped(utc('2024-01-31T00:00:00.000'), 1)).toEqual(utc('2024-02-29T00:00:00.000'));
    expect(addMonthsClamped(utc('2024-02-29T12:00:00.000'), 12)).toEqual(utc('2025-02-28T12:00:00.000'));
    expect(addMonthsClamped(utc('2024-02-29T12:00:00.000'), 48)).toEqual(utc('2028-02-29T12:00:00.000'));
  });

  it('finds the period containing an instant, with the anchor time of day, across year ends', () => {
    const anchor = utc('2025-01-31T10:00:00.000');
    expect(billingPeriodAt(anchor, utc('2025-02-15T00:00:00.000'))).toEqual({ start: anchor, end: utc('2025-02-28T10:00:00.000') });
    expect(billingPeriodAt(anchor, utc('2025-02-28T09:59:59.999')).end).toEqual(utc('2025-02-28T10:00:00.000'));
    expect(billingPeriodAt(anchor, utc('2025-02-28T10:00:00.000'))).toEqual({
      start: utc('2025-02-28T10:00:00.000'),
      end: utc('2025-03-31T10:00:00.000'),
    });
    expect(billingPeriodAt(anchor, utc('2026-01-05T00:00:00.000'))).toEqual({
      start: utc('2025-12-31T10:00:00.000'),
      end: utc('2026-01-31T10:00:00.000'),
    });
  });

  it('starts the first period at the creation instant', () => {
    const anchor = utc('2025-03-15T08:30:00.000');
    expect(billingPeriodAt(anchor, anchor)).toEqual({ start: anchor, end: utc('2025-04-15T08:30:00.000') });
  });
});
