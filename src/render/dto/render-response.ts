import type { RenderWarning } from '../../design/render-warning';

/** Spec 2.1: the render answer, and byte for byte the webhook payload. */
export interface RenderResponse {
  success: boolean;
  imageUrl: string;
  cached: boolean;
  generationTimeMs: number;
  warnings?: RenderWarning[];
}

/** A document's warnings say which page they are about (its index in `pages`, from 0). */
export type DocumentWarning = RenderWarning & { page: number };

/** POST /api/generate/document (§21). */
export interface DocumentResponse {
  success: true;
  imageUrl: string;
  cached: boolean;
  generationTimeMs: number;
  pages: number;
  warnings: DocumentWarning[];
}
