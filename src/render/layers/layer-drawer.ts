import type { Image, SKRSContext2D } from '@napi-rs/canvas';
import type { RenderWarning } from '../../design/render-warning';
import type { FontResolver } from '../../fonts/font-resolver';

/** What the dispatcher hands every drawer besides the layer. */
export interface DrawContext {
  /** Drawing warnings (e.g. `text_truncated`), returned with the image and stored with it. */
  warnings: RenderWarning[];
  /** Fetched and decoded images, by layer name. */
  images: ReadonlyMap<string, Image>;
  /** Which fonts text is drawn with: the built-in families and the job's account faces. */
  fonts: FontResolver;
}

/**
 * Draws one layer in design coordinates (the context is already scaled to the output size, and its
 * opacity and state are saved and restored around the call).
 */
export type LayerDrawer<Layer> = (ctx: SKRSContext2D, layer: Layer, context: DrawContext) => void;
