/** Warnings a render answers with (contract §5, §14–§16): each names its code, its layer (or null) and why. */
export enum RenderWarningCode {
  UNKNOWN_LAYER = 'unknown_layer',
  TEXT_TRUNCATED = 'text_truncated',
  IMAGE_UNAVAILABLE = 'image_unavailable',
  OVERRIDE_IGNORED = 'override_ignored',
  GLYPH_MISSING = 'glyph_missing',
  FONT_UNAVAILABLE = 'font_unavailable',
  QR_OVERFLOW = 'qr_overflow',
  BARCODE_INVALID = 'barcode_invalid',
}

export interface RenderWarning {
  code: RenderWarningCode;
  layer: string | null;
  message: string;
}
