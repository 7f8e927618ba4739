import { AppException } from '../common/errors/app-exception';

export enum PublicRenderErrorCode {
  SIGNATURE_INVALID = 'signature_invalid',
  /** PUBLIC_RENDER_PER_MINUTE fresh renders from this client address in the last minute. */
  RATE_LIMITED = 'rate_limited',
}

const PUBLIC_RENDER_STATUS: Record<PublicRenderErrorCode, number> = {
  [PublicRenderErrorCode.SIGNATURE_INVALID]: 403,
  [PublicRenderErrorCode.RATE_LIMITED]: 429,
};

export class PublicRenderException extends AppException {
  constructor(code: PublicRenderErrorCode, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(code, PUBLIC_RENDER_STATUS[code], message, extra, headers);
  }

  /** The contract's 429 body (`limit`, `retryAfter`) and a Retry-After header equal to it. */
  static rateLimited(limit: number, retryAfter: number): PublicRenderException {
    return new PublicRenderException(
      PublicRenderErrorCode.RATE_LIMITED,
      `At most ${limit} fresh anonymous renders per minute from one client address; retry in ${retryAfter} s`,
      { limit, retryAfter },
      { 'Retry-After': String(retryAfter) },
    );
  }
}
