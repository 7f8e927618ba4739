import type { Asset } from '../entities/asset.entity';

export interface AssetResponse {
  id: string;
  width: number;
  height: number;
  format: Asset['format'];
  bytes: number;
  createdAt: string;
}

/** §24: an asset as POST /api/assets and GET /api/assets answer it. */
export function toAssetResponse(asset: Asset): AssetResponse {
  return { id: asset.id, width: asset.width, height: asset.height, format: asset.format, bytes: asset.byteSize, createdAt: asset.createdAt.toISOString() };
}
