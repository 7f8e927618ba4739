import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { jsonColumn, timestampColumn } from '../../database/columns';
import type { LayerDefinition } from '../../design/layer-registry';
import type { PublicRenderMode } from '../../design/template.schema';

@Entity({ name: 'templates' })
export class Template {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Index()
  @Column({ name: 'account_id', type: 'varchar', length: 32 })
  accountId: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'int' })
  width: number;

  @Column({ type: 'int' })
  height: number;

  @Column({ type: 'varchar', length: 32 })
  background: string;

  /** 'true' | 'false' | 'signed' as text, so one column serves all three modes. */
  @Column({
    name: 'public_render',
    type: 'varchar',
    length: 8,
    transformer: {
      to: (value: PublicRenderMode) => String(value),
      from: (value: string): PublicRenderMode => (value === 'signed' ? 'signed' : value === 'true'),
    },
  })
  publicRender: PublicRenderMode;

  @Column({ ...jsonColumn() })
  layers: LayerDefinition[];

  @Column({ type: 'int' })
  version: number;

  @Column({ name: 'created_at', ...timestampColumn() })
  createdAt: Date;

  @Column({ name: 'updated_at', ...timestampColumn() })
  updatedAt: Date;
}
