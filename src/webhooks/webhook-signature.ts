import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../common/crypto/hashing';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>`, keyed with the whole secret string (whsec_ included). */
export function computeSignature(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header value: `t=<unix seconds>,v1=<hex>` (the format Stripe's verifier reads). */
export function signatureHeader(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, rawBody)}`;
}

export interface VerifyOptions {
  header: string | undefined;
  rawBody: string | Buffer;
  secret: string;
  toleranceSeconds?: number;
  nowSeconds?: number;
}

/**
 * What a receiver does: split on `,` and `=`, recompute, compare lengths then bytes in constant
 * time, and refuse timestamps outside the tolerance (replays).
 */
export function verifySignature({
  header,
  rawBody,
  secret,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  nowSeconds = Math.floor(Date.now() / 1000),
}: VerifyOptions): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2);
    if (key && value) parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = parts.get('t')?.[0];
  if (!timestamp || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = computeSignature(secret, Number(timestamp), rawBody);
  return (parts.get('v1') ?? []).some((candidate) => constantTimeEqual(candidate, expected));
}
