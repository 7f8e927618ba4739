import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { CommonErrorCode, CommonException } from '../common/errors/app-exception';
import { newId } from '../common/ids';
import { ImageStorage } from '../storage/image-storage';
import { AssetImageInspector } from './asset-image-inspector';
import { AssetsRepository } from './assets.repository';
import { AssetsErrorCode, AssetsException } from './assets.exception';
import { AssetResponse, toAssetResponse } from './dto/asset-response';
import type { ListAssetsQuery } from './dto/list-assets.schema';
import { Asset } from './entities/asset.entity';

export const MAX_ASSETS_PER_ACCOUNT = 500;
const DEFAULT_PAGE = 50;

export interface AssetPage {
  data: AssetResponse[];
  nextCursor: string | null;
}

/** An asset's bytes for a render, with its size (the render's decoded-input budget counts it). */
export interface AssetImage {
  bytes: Uint8Array;
  pixels: number;
}

const assetLimit = () => new AssetsException(AssetsErrorCode.ASSET_LIMIT, `An account may keep at most ${MAX_ASSETS_PER_ACCOUNT} assets; delete one first`);

/** §24: the account's own images, kept privately in the image store and drawn by `asset:<id>` with no network fetch. */
@Injectable()
export class AssetsService {
  constructor(
    private readonly assets: AssetsRepository,
    private readonly storage: ImageStorage,
    private readonly inspector: AssetImageInspector,
    private readonly clock: Clock,
  ) {}

  async upload(accountId: string, bytes: Buffer): Promise<AssetResponse> {
    const image = await this.inspector.inspect(bytes);
    if ((await this.assets.countOf(accountId)) >= MAX_ASSETS_PER_ACCOUNT) throw assetLimit();
    const id = newId('ast');
    // Under assets/: the public images route serves only `<64 hex>.<ext>` names, so an asset is never public.
    const storageKey = `assets/${accountId}/${id}.${image.format}`;
    await this.storage.put(storageKey, bytes);
    const asset = Object.assign(new Asset(), { id, accountId, ...image, byteSize: bytes.length, storageKey, createdAt: this.clock.now() });
    try {
      await this.assets.insert(asset);
    } catch (error) {
      await this.storage.delete(storageKey);
      throw error;
    }
    // Concurrent uploads can all pass the count; counted again after its own insert, one over the limit withdraws
    // (as font uploads do: racing at the limit may refuse more than needed, never keep too many).
    if ((await this.assets.countOf(accountId)) > MAX_ASSETS_PER_ACCOUNT) {
      await this.assets.delete(id, accountId);
      await this.storage.delete(storageKey);
      throw assetLimit();
    }
    return toAssetResponse(asset);
  }

  async list(accountId: string, query: ListAssetsQuery): Promise<AssetPage> {
    const limit = query.limit ?? DEFAULT_PAGE;
    const rows = await this.assets.page(accountId, query.cursor === undefined ? null : decodeCursor(query.cursor), limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return { data: page.map(toAssetResponse), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
  }

  async remove(accountId: string, id: string): Promise<void> {
    const asset = await this.assets.findOwned(id, accountId);
    if (!asset || !(await this.assets.delete(id, accountId))) throw AssetsException.notFound(id);
    await this.storage.delete(asset.storageKey);
  }

  async owns(accountId: string, id: string): Promise<boolean> {
    return (await this.assets.findOwned(id, accountId)) !== null;
  }

  /** The asset's bytes when `accountId` owns it and it is still stored; null otherwise (the render warns and skips the layer). */
  async imageOf(accountId: string, id: string): Promise<AssetImage | null> {
    const asset = await this.assets.findOwned(id, accountId);
    const stored = asset ? await this.storage.open(asset.storageKey) : null;
    if (!asset || !stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), pixels: asset.width * asset.height };
  }
}

const invalidCursor = () =>
  new CommonException(CommonErrorCode.VALIDATION_FAILED, 'cursor: is not a cursor this API gave', { details: [{ path: 'cursor', message: 'invalid' }] });

function encodeCursor(asset: Asset): string {
  return Buffer.from(`${asset.createdAt.getTime()}.${asset.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const match = /^(\d{1,15})\.(ast_[0-9A-Za-z]{20})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw invalidCursor();
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}
