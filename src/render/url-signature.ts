import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lowercase hex HMAC-SHA256 of the query string without `s`, keyed with the owner's URL-signing secret. */
export const signQuery = (secret: string, queryWithoutS: string): string =>
  createHmac('sha256', Buffer.from(secret, 'utf8')).update(queryWithoutS).digest('hex');

export function signatureMatches(secret: string, queryWithoutS: string, given: string): boolean {
  const expected = Buffer.from(signQuery(secret, queryWithoutS), 'utf8');
  const candidate = Buffer.from(given, 'utf8');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
