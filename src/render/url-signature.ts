import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../common/crypto/hashing';

/** Lowercase hex HMAC-SHA256 of the query string without `s`, keyed with the owner's URL-signing secret. */
export const signQuery = (secret: string, queryWithoutS: string): string =>
  createHmac('sha256', Buffer.from(secret, 'utf8')).update(queryWithoutS).digest('hex');

export function signatureMatches(secret: string, queryWithoutS: string, given: string): boolean {
  return constantTimeEqual(given, signQuery(secret, queryWithoutS));
}
