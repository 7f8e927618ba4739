import { Injectable } from '@nestjs/common';
import { OVERRIDABLE, type LayerTypeName } from '../design/layer-registry';
import type { Template } from '../templates/entities/template.entity';
import { TemplatesService } from '../templates/templates.service';
import { csvRows } from './csv-rows';

/** Rows a CSV check hands back for a preview. */
const PREVIEW_ROWS = 3;

export interface CsvColumnMatch {
  /** As in the header: `<layer>.<field>`. */
  name: string;
  layer: string;
  field: string;
  matched: boolean;
  /** Why an unmatched column does not fit the template (POST /api/jobs refuses the CSV then). */
  problem: string | null;
}

export interface CsvInspection {
  template: Template;
  total: number;
  columns: CsvColumnMatch[];
  /** The first rows' overrides, as the job would draw them. */
  firstRows: Array<Record<string, Record<string, unknown>>>;
  /** The template's layers a column may name, with their overridable fields. */
  layers: Array<{ name: string; type: LayerTypeName; fields: string[] }>;
}

/**
 * What a CSV upload would become as a job of a template, before it is one (the dashboard's Bulk create): each
 * column matched to a layer and field of the template or flagged, with the same parser and rules as POST /api/jobs
 * (a CSV that does not parse is the same 400 `csv_invalid`).
 */
@Injectable()
export class CsvInspectionService {
  constructor(private readonly templates: TemplatesService) {}

  async inspect(accountId: string, templateId: string, csv: Buffer): Promise<CsvInspection> {
    const template = await this.templates.getOwned(accountId, templateId);
    const { rows, columns } = csvRows(csv);
    const types = new Map(template.layers.map((layer) => [layer.name, layer.type]));
    return {
      template,
      total: rows.length,
      columns: columns.map(({ layer, field }) => {
        const type = types.get(layer);
        const problem =
          type === undefined
            ? `the template has no layer "${layer}"`
            : OVERRIDABLE[type].has(field)
              ? null
              : `a ${type} layer has no overridable field "${field}"`;
        return { name: `${layer}.${field}`, layer, field, matched: problem === null, problem };
      }),
      firstRows: rows.slice(0, PREVIEW_ROWS),
      layers: this.layersOf(template),
    };
  }

  /** The template's layers a column may name, with the fields each may set. */
  layersOf(template: Template): CsvInspection['layers'] {
    return template.layers.map((layer) => ({ name: layer.name, type: layer.type, fields: [...OVERRIDABLE[layer.type]] }));
  }
}
