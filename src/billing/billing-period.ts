export interface BillingPeriod {
  start: Date;
  end: Date;
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The anchor moved by `months`, on the anchor's day of month clamped to the month's last day (UTC). */
export function addMonthsClamped(anchor: Date, months: number): Date {
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()));
}

/**
 * The billing period containing `now`: it starts at the account's creation instant and renews
 * monthly on the same day of month, like a card subscription anchor (Jan 31 → Feb 28/29 → Mar 31).
 */
export function billingPeriodAt(anchor: Date, now: Date): BillingPeriod {
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (months < 0) months = 0;
  while (months > 0 && addMonthsClamped(anchor, months) > now) months--;
  while (addMonthsClamped(anchor, months + 1) <= now) months++;
  return { start: addMonthsClamped(anchor, months), end: addMonthsClamped(anchor, months + 1) };
}
