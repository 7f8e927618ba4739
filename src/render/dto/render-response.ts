export enum RenderWarningCode {
  UNKNOWN_LAYER = 'unknown_layer',
  TEXT_TRUNCATED = 'text_truncated',
  IMAGE_UNAVAILABLE = 'image_unavailable',
  OVERRIDE_IGNORED = 'override_ignored',
  GLYPH_MISSING = 'glyph_missing',
  FONT_UNAVAILABLE = 'font_unavailable',
  QR_OVERFLOW = 'qr_overflow',
}

export interface RenderWarning {
  code: RenderWarningCode;
  layer: string | null;
  message: string;
}

/** Spec 2.1: the render answer, and byte for byte the webhook payload. */
export interface RenderResponse {
  success: boolean;
  imageUrl: string;
  cached: boolean;
  generationTimeMs: number;
  warnings?: RenderWarning[];
}
