import { ColumnOptions, ValueTransformer } from 'typeorm';

/** Millisecond timestamps on both drivers; values are always set from the injected Clock. */
export const timestampColumn = (options: Partial<ColumnOptions> = {}): ColumnOptions => ({
  type: 'datetime',
  precision: 3,
  ...options,
});

const jsonTransformer: ValueTransformer = {
  to: (value: unknown) => (value === undefined ? undefined : JSON.stringify(value)),
  from: (value: string | null): unknown => (value == null ? value : JSON.parse(value)),
};

/** JSON stored as text, identical on SQLite and MySQL (no driver-specific JSON type). */
export const jsonColumn = (options: Partial<ColumnOptions> = {}): ColumnOptions => ({
  type: 'text',
  transformer: jsonTransformer,
  ...options,
});

/** A timestamp as a driver returns it from a raw query: Date (mysql2) or 'YYYY-MM-DD HH:MM:SS.SSS' UTC text (SQLite). */
export function rawTimestamp(value: Date | string | null): Date | null {
  if (value === null || value instanceof Date) return value;
  return new Date(`${value.replace(' ', 'T')}Z`);
}
