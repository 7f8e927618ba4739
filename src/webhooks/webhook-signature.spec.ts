import { createHmac } from 'node:crypto';
import { computeSignature, signatureHeader, verifySignature } from './webhook-signature';

const secret = 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXR0ZXN0c2VjcmV0MTI=';
const body = '{"success":true,"imageUrl":"https://x/a.png","cached":false,"generationTimeMs":12}';
const now = 1_790_000_000;

describe('webhook signatures', () => {
  it('signs `<t>.<raw body>` with the whole secret string as the HMAC key', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(computeSignature(secret, now, body)).toBe(expected);
    expect(signatureHeader(secret, now, body)).toBe(`t=${now},v1=${expected}`);
  });

  it('verifies a correct header', () => {
    expect(verifySignature({ header: signatureHeader(secret, now, body), rawBody: body, secret, nowSeconds: now + 10 })).toBe(true);
  });

  it.each([
    ['a tampered body', signatureHeader(secret, now, body), body.replace('false', 'true'), secret, now],
    ['another secret', signatureHeader(secret, now, body), body, `${secret}x`, now],
    ['an old timestamp', signatureHeader(secret, now, body), body, secret, now + 301],
    ['a future timestamp', signatureHeader(secret, now, body), body, secret, now - 301],
    ['a missing v1', `t=${now}`, body, secret, now],
    ['a truncated signature', signatureHeader(secret, now, body).slice(0, -2), body, secret, now],
    ['a non-numeric timestamp', signatureHeader(secret, now, body).replace(`t=${now}`, 't=abc'), body, secret, now],
    ['garbage', 'nonsense', body, secret, now],
  ])('refuses %s', (_label, header, rawBody, key, nowSeconds) => {
    expect(verifySignature({ header, rawBody, secret: key, nowSeconds })).toBe(false);
  });
});
