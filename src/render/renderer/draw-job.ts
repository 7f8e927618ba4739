import type { LayerDefinition } from '../../design/layer-registry';
import type { RenderWarning } from '../../design/render-warning';
import type { JobFontFaces } from '../../fonts/account-fonts';

import type { OutputFormat } from '../../design/output-formats';
import type { LocalWrite } from '../../storage/image-storage';

/** Everything a worker needs to draw one image; plain data so it crosses the thread boundary. */
export interface DrawJob {
  design: { width: number; height: number; background: string; layers: LayerDefinition[] };
  /** `archival`: PDF/A-2b (`pdf` only; §21). */
  output: { width: number; height: number; format: OutputFormat; quality: number; archival?: boolean };
  /**
   * Fetched bytes of image layers, by layer name (a Map: a layer may be named `__proto__`). Layers
   * sharing a URL share one buffer (structured clone keeps that identity across the thread boundary).
   */
  images: Map<string, Uint8Array>;
  /** The owner's font faces the text layers name (account fonts, §14). */
  fonts?: JobFontFaces;
  /** Store the image here in the thread that drew it (ImageStorage.localWrite); when that fails, the bytes come back instead. */
  storeAt?: LocalWrite;
}

export interface DrawResult {
  bytes: Uint8Array;
  warnings: RenderWarning[];
  /** Registered names of account faces the worker did not have and got no bytes for. */
  fontsMissing?: string[];
  /** Set when the thread stored the image at `storeAt` itself: its size in bytes (`bytes` is then empty). */
  storedBytes?: number;
}
