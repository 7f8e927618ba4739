import { createHash, timingSafeEqual } from 'node:crypto';

/** Lowercase hex SHA-256: how API keys and session tokens are stored. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Compares secrets in constant time; unequal lengths (and non-strings) are simply unequal. */
export function constantTimeEqual(given: unknown, expected: string | Buffer): boolean {
  if (typeof given !== 'string' && !Buffer.isBuffer(given)) return false;
  const a = Buffer.isBuffer(given) ? given : Buffer.from(given, 'utf8');
  const b = Buffer.isBuffer(expected) ? expected : Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
