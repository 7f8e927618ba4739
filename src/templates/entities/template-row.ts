import { rawTimestamp } from '../../database/columns';
import type { LayerDefinition } from '../../design/layer-registry';
import { Template } from './template.entity';

/** The templates table as a plain `SELECT *` returns it on either driver. */
export interface TemplateRow {
  id: string;
  account_id: string;
  name: string;
  width: number | string;
  height: number | string;
  background: string;
  public_render: string;
  layers: string;
  version: number | string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The same entity TypeORM would build, with the column transformers applied. */
export function templateFromRow(row: TemplateRow): Template {
  return Object.assign(new Template(), {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    width: Number(row.width),
    height: Number(row.height),
    background: row.background,
    publicRender: row.public_render === 'signed' ? 'signed' : row.public_render === 'true',
    layers: JSON.parse(row.layers) as LayerDefinition[],
    version: Number(row.version),
    createdAt: rawTimestamp(row.created_at)!,
    updatedAt: rawTimestamp(row.updated_at)!,
  });
}
