import { CsvError, parse } from 'csv-parse/sync';
import { CommonErrorCode, CommonException } from '../common/errors/app-exception';
import { layerOverrideSchema } from '../design/layer-registry';
import { MAX_JOB_ROWS } from './dto/create-job.schema';
import { JobsErrorCode, JobsException } from './jobs.exception';

/** A CSV's rows as a job's `rows`, and its columns (each `<layer>.<field>`), checked against the template later. */
export interface CsvRows {
  rows: Array<Record<string, Record<string, unknown>>>;
  columns: Array<{ layer: string; field: string }>;
}

const invalid = (line: number, message: string) =>
  new JobsException(JobsErrorCode.CSV_INVALID, `file: line ${line}: ${message}`, { details: [{ path: 'file', message: `line ${line}: ${message}` }] });

const refused = (message: string) => new CommonException(CommonErrorCode.VALIDATION_FAILED, `file: ${message}`, { details: [{ path: 'file', message }] });

/** UTF-8 only: the first line holding a byte sequence that is not UTF-8 is named. */
function decodeUtf8(bytes: Buffer): string {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    return decoder.decode(bytes);
  } catch {
    let line = 1;
    let start = 0;
    for (let at = 0; at <= bytes.length; at++) {
      if (at < bytes.length && bytes[at] !== 0x0a) continue;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start, at));
      } catch {
        throw invalid(line, 'is not valid UTF-8');
      }
      line++;
      start = at + 1;
    }
    throw invalid(line, 'is not valid UTF-8');
  }
}

/**
 * A cell is text; a field whose schema takes no text (`fontSize`, `hidden`) gets the number or boolean the
 * cell spells. Anything else stays text, and the row fails at its turn like a bad JSON row.
 */
function cellValue(field: string, cell: string): unknown {
  const schema = (layerOverrideSchema.shape as Record<string, { safeParse(value: unknown): { success: boolean } } | undefined>)[field];
  if (!schema || schema.safeParse(cell).success) return cell;
  if (/^-?\d+(\.\d+)?$/.test(cell.trim())) return Number(cell.trim());
  if (cell === 'true' || cell === 'false') return cell === 'true';
  return cell;
}

/** Parses a CSV upload (RFC 4180 quotes and embedded newlines, a BOM, UTF-8) with a `<layer>.<field>` header. */
export function csvRows(bytes: Buffer): CsvRows {
  const text = decodeUtf8(bytes);
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, to: MAX_JOB_ROWS + 2 });
  } catch (error) {
    if (error instanceof CsvError) throw invalid((error as CsvError & { lines?: number }).lines ?? 1, error.message.replace(/ (at|on) line \d+.*$/, ''));
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw refused('the CSV is empty: it needs a header row naming columns <layer>.<field>');
  if (body.length === 0) throw refused('the CSV has a header but no rows');
  if (body.length > MAX_JOB_ROWS) throw refused(`at most ${MAX_JOB_ROWS} rows`);
  const seen = new Set<string>();
  const columns = header.map((name, index) => {
    const dot = name.lastIndexOf('.');
    if (dot <= 0 || dot === name.length - 1) throw refused(`column ${index + 1} ("${name}") must be named <layer>.<field>, e.g. title.text`);
    if (seen.has(name)) throw refused(`column "${name}" appears twice`);
    seen.add(name);
    return { layer: name.slice(0, dot), field: name.slice(dot + 1) };
  });
  const rows = body.map((record) => {
    const row = Object.create(null) as Record<string, Record<string, unknown>>;
    record.forEach((cell, index) => {
      if (cell === '') return;
      const { layer, field } = columns[index];
      row[layer] ??= {};
      row[layer][field] = cellValue(field, cell);
    });
    return row;
  });
  return { rows, columns };
}
