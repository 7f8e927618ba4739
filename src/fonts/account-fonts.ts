import type { AccountFontFace } from './font-resolver';

/** One account face a drawing may use, as it travels to the worker (plain data). */
export interface JobFontFace {
  /** The family as the layer names it. */
  family: string;
  /** `<font id>-<content hash>`: unique per account and content, so a replaced font is a new name. */
  registeredName: string;
  weight: number;
  style: 'normal' | 'italic';
  /** Packed code point ranges of its cmap (see code-point-ranges.ts). */
  coverage: string;
  /** The font file, sent until this process has seen a worker load it. */
  bytes?: Uint8Array;
}

export type JobFontFaces = readonly JobFontFace[];

export type { AccountFontFace };
