import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { timestampColumn } from '../../database/columns';

export type FontStyle = 'normal' | 'italic';
export type FontFormat = 'ttf' | 'otf' | 'woff' | 'woff2';

/** One uploaded face of an account's font family (§14). The bytes live in ImageStorage under `storageKey`. */
@Entity({ name: 'font_faces' })
@Index('UQ_font_faces_face', ['accountId', 'familyKey', 'weight', 'style'], { unique: true })
export class FontFace {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  @Column({ type: 'varchar', length: 200 })
  family: string;

  /** The family lowercased: family names match case-insensitively (as in CSS), the same on SQLite and MySQL. */
  @Column({ name: 'family_key', type: 'varchar', length: 200 })
  familyKey: string;

  @Column({ type: 'int' })
  weight: number;

  @Column({ type: 'varchar', length: 8 })
  style: FontStyle;

  @Column({ type: 'varchar', length: 8 })
  format: FontFormat;

  @Column({ name: 'glyph_count', type: 'int' })
  glyphCount: number;

  @Column({ name: 'byte_size', type: 'int' })
  byteSize: number;

  @Column({ type: 'varchar', length: 64 })
  sha256: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 255 })
  storageKey: string;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt: Date;
}
