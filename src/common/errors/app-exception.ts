/**
 * Base of every module's exception: a stable snake_case `code`, an HTTP status,
 * optional extra body fields (429 details) and headers (Retry-After).
 */
export abstract class AppException extends Error {
  protected constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Errors that belong to no single module: validation, media type, size, routing. */
export enum CommonErrorCode {
  VALIDATION_FAILED = 'validation_failed',
  UNSUPPORTED_MEDIA_TYPE = 'unsupported_media_type',
  PAYLOAD_TOO_LARGE = 'payload_too_large',
  URI_TOO_LONG = 'uri_too_long',
  NOT_FOUND = 'not_found',
  METHOD_NOT_ALLOWED = 'method_not_allowed',
  INTERNAL_ERROR = 'internal_error',
}

const COMMON_STATUS: Record<CommonErrorCode, number> = {
  [CommonErrorCode.VALIDATION_FAILED]: 400,
  [CommonErrorCode.UNSUPPORTED_MEDIA_TYPE]: 415,
  [CommonErrorCode.PAYLOAD_TOO_LARGE]: 413,
  [CommonErrorCode.URI_TOO_LONG]: 414,
  [CommonErrorCode.NOT_FOUND]: 404,
  [CommonErrorCode.METHOD_NOT_ALLOWED]: 405,
  [CommonErrorCode.INTERNAL_ERROR]: 500,
};

export class CommonException extends AppException {
  constructor(code: CommonErrorCode, message: string, extra?: Record<string, unknown>) {
    super(code, COMMON_STATUS[code], message, extra);
  }
}
