import { hkdfSync } from 'node:crypto';

/** A separate 32-byte key per purpose from the one SECRETS_KEY, so no key serves two jobs. */
export function deriveKey(secretsKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), `pictor:${purpose}`, 32));
}
