import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/columns';

export type AssetFormat = 'png' | 'jpeg' | 'webp' | 'avif' | 'gif';

/** An image an account uploaded for its image layers (§24). The bytes live in ImageStorage under `storageKey`, never served publicly. */
@Entity({ name: 'assets' })
@Index('IX_assets_account_created', ['accountId', 'createdAt', 'id'])
export class Asset {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  @Column({ type: 'varchar', length: 8 })
  format: AssetFormat;

  @Column({ type: 'int' })
  width: number;

  @Column({ type: 'int' })
  height: number;

  @Column({ name: 'byte_size', type: 'int' })
  byteSize: number;

  @Column({ name: 'storage_key', type: 'varchar', length: 255 })
  storageKey: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt: Date;
}
