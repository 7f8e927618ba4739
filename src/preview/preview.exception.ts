import { AppException } from '../common/errors/app-exception';

export enum PreviewErrorCode {
  RATE_LIMITED = 'rate_limited',
  RENDER_FAILED = 'render_failed',
  RENDER_TIMEOUT = 'render_timeout',
}

const STATUS: Record<PreviewErrorCode, number> = {
  [PreviewErrorCode.RATE_LIMITED]: 429,
  [PreviewErrorCode.RENDER_FAILED]: 500,
  [PreviewErrorCode.RENDER_TIMEOUT]: 503,
};

export class PreviewException extends AppException {
  constructor(code: PreviewErrorCode, message: string, fields: Record<string, number> = {}) {
    const headers: Record<string, string> = fields.retryAfter !== undefined ? { 'Retry-After': String(fields.retryAfter) } : {};
    super(code, STATUS[code], message, fields, headers);
  }
}
