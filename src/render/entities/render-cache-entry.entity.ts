import { Column, Entity, PrimaryColumn } from 'typeorm';
import { jsonColumn, timestampColumn } from '../../database/columns';
import type { RenderWarning } from '../../design/render-warning';

/** One drawn image: the cache index row that makes identical renders free after the first. */
@Entity({ name: 'render_cache' })
export class RenderCacheEntry {
  /** HMAC of the normalized render inputs (hex); also the image's file name. */
  @PrimaryColumn({ name: 'cache_key', type: 'varchar', length: 64 })
  key: string;

  @Column({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  @Column({ name: 'template_id', type: 'varchar', length: 40 })
  templateId: string;

  @Column({ name: 'template_version', type: 'int' })
  templateVersion: number;

  @Column({ type: 'varchar', length: 8 })
  format: string;

  @Column({ name: 'byte_size', type: 'int' })
  byteSize: number;

  /** Warnings found while drawing (text_truncated); returned with every cached answer. */
  @Column({ ...jsonColumn() })
  warnings: RenderWarning[];

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt: Date;

  /** Last render or request of the image, recorded at most once per interval (retention, §19). */
  @Column({ name: 'last_accessed_at', ...timestampColumn({ nullable: true }) })
  lastAccessedAt: Date;
}
