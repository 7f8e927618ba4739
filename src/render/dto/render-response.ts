import type { RenderWarning } from '../../design/render-warning';

/** Spec 2.1: the render answer, and byte for byte the webhook payload. */
export interface RenderResponse {
  success: boolean;
  imageUrl: string;
  cached: boolean;
  generationTimeMs: number;
  warnings?: RenderWarning[];
}
