import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { sqlTimestamp } from '../database/sql';
import { Asset } from './entities/asset.entity';

/** Owning repository of `assets`. Its own small module (AssetRecordsModule), so template saves can check ids without storage. */
@Injectable()
export class AssetsRepository {
  constructor(@InjectRepository(Asset) private readonly table: Repository<Asset>) {}

  findOwned(id: string, accountId: string): Promise<Asset | null> {
    return this.table.findOne({ where: { id, accountId } });
  }

  /** Which of `ids` the account has (one query however many layers name assets). */
  async ownedIds(accountId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.table.find({ select: { id: true }, where: { accountId, id: In([...new Set(ids)]) } });
    return new Set(rows.map((row) => row.id));
  }

  countOf(accountId: string): Promise<number> {
    return this.table.count({ where: { accountId } });
  }

  /** Newest first, after the cursor (`createdAt`, `id`) of the previous page's last asset. */
  page(accountId: string, after: { createdAt: Date; id: string } | null, limit: number): Promise<Asset[]> {
    const query = this.table.createQueryBuilder('asset').where('asset.account_id = :accountId', { accountId });
    if (after) {
      query.andWhere('(asset.created_at < :createdAt OR (asset.created_at = :createdAt AND asset.id < :id))', {
        createdAt: sqlTimestamp(after.createdAt),
        id: after.id,
      });
    }
    return query.orderBy('asset.created_at', 'DESC').addOrderBy('asset.id', 'DESC').limit(limit).getMany();
  }

  insert(asset: Asset): Promise<Asset> {
    return this.table.save(this.table.create(asset));
  }

  /** True when a row was deleted (false: not the account's, or already gone). */
  async delete(id: string, accountId: string): Promise<boolean> {
    const result = await this.table.delete({ id, accountId });
    return (result.affected ?? 0) > 0;
  }
}
