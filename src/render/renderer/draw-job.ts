import type { LayerDefinition } from '../layers/layer-registry';
import type { RenderWarning } from '../dto/render-response';

export type OutputFormat = 'png' | 'jpeg' | 'webp';

/** Everything a worker needs to draw one image; plain data so it crosses the thread boundary. */
export interface DrawJob {
  design: { width: number; height: number; background: string; layers: LayerDefinition[] };
  output: { width: number; height: number; format: OutputFormat; quality: number };
  /** Fetched bytes of image layers, by layer name. */
  images: Record<string, Uint8Array>;
}

export interface DrawResult {
  bytes: Uint8Array;
  warnings: RenderWarning[];
}
