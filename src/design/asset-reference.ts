/** §24: an image layer's `imageUrl` may name one of the account's assets as `asset:<id>` (drawn with no network fetch). */
export const ASSET_ID_PATTERN = /^ast_[0-9A-Za-z]{20}$/;
const ASSET_REFERENCE = /^asset:(ast_[0-9A-Za-z]{20})$/;

/** The asset id an image source names, or null for a URL (or anything else). */
export function assetIdOf(source: string | null | undefined): string | null {
  return source ? (ASSET_REFERENCE.exec(source)?.[1] ?? null) : null;
}

export const assetReference = (id: string): string => `asset:${id}`;

/** §24: an asset is at most 50 megapixels (its first frame); the worker's decoder takes images up to this size. */
export const MAX_ASSET_PIXELS = 50_000_000;
