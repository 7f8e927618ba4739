const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Parses a duration such as `15s`, `500ms`, `2m`, `1h30m` or `7d` into milliseconds.
 * A bare number is seconds. Returns null for anything else (empty, negative, unknown unit).
 */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d))+$/.test(trimmed)) return null;
  let total = 0;
  for (const [, amount, , unit] of trimmed.matchAll(/(\d+(\.\d+)?)(ms|s|m|h|d)/g)) total += Number(amount) * UNIT_MS[unit];
  return Number.isFinite(total) ? Math.round(total) : null;
}
