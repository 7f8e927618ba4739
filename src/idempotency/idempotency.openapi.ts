import { z } from 'zod';
import { errors, type ResponseDoc, type RouteDoc } from '../common/openapi/route-doc';
import { IdempotencyErrorCode } from './idempotency.exception';

const keyHeader = z
  .string()
  .min(1)
  .max(255)
  .optional()
  .describe(
    'Up to 255 printable ASCII characters, per account, kept 24 h: the same key with the same request answers the first (successful) answer again, ' +
      'byte for byte with `Idempotent-Replayed: true`, and counts, delivers and creates nothing; with another request a 422 `idempotency_key_reused`; ' +
      'while the first is running a 409 `idempotency_key_in_flight`. A first request that failed frees its key. Not accepted on multipart (CSV) uploads yet.',
  );

/** Adds the `Idempotency-Key` request header, the replay header on the success answer, and the 409/422 answers to a route. */
export function withIdempotency(route: RouteDoc): RouteDoc {
  const responses: Record<number, ResponseDoc> = { ...route.responses };
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) >= 200 && Number(status) < 300)
      responses[Number(status)] = { ...response, headers: [...(response.headers ?? []), 'Idempotent-Replayed'] };
  }
  const added: Record<number, readonly [string, ...string[]]> = { 409: [IdempotencyErrorCode.IN_FLIGHT], 422: [IdempotencyErrorCode.REUSED] };
  for (const [status, codes] of Object.entries(added)) {
    const existing = responses[Number(status)]?.codes ?? [];
    Object.assign(responses, errors({ [status]: [...existing, ...codes] as [string, ...string[]] }));
  }
  return { ...route, headers: { ...route.headers, 'Idempotency-Key': keyHeader }, responses };
}
