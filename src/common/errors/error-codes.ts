import { AppException } from './app-exception';

/** A module's error codes, by name: `{ TEMPLATE_NOT_FOUND: 'template_not_found', … }`. */
export type ErrorCodes<Name extends string = string, Code extends string = string> = { readonly [Key in Name]: Code };
/** One of a module's codes: `type TemplatesErrorCode = CodeOf<typeof TemplatesErrorCode>`. */
export type CodeOf<Codes extends ErrorCodes> = Codes[keyof Codes];

const STATUSES = new WeakMap<ErrorCodes, ReadonlyMap<string, number>>();

/**
 * Declares a module's error codes, each with its HTTP status, in one table: `NAME: ['code', status]`. The
 * module's exception class comes from `moduleException(codes)`; the one error body (§3) does the rest.
 */
export function defineErrorCodes<const Table extends Record<string, readonly [code: string, status: number]>>(
  table: Table,
): { readonly [Name in keyof Table]: Table[Name][0] } {
  const codes = Object.fromEntries(Object.entries(table).map(([name, [code]]) => [name, code])) as { [Name in keyof Table]: Table[Name][0] };
  STATUSES.set(codes, new Map(Object.values(table).map(([code, status]) => [code, status])));
  return Object.freeze(codes);
}

/** The exception class of a module whose codes `defineErrorCodes` declared: its status follows from its code. */
export function moduleException<Codes extends ErrorCodes>(codes: Codes) {
  const statuses = STATUSES.get(codes);
  if (!statuses) throw new Error('moduleException: codes must come from defineErrorCodes');
  return class ModuleException extends AppException {
    constructor(code: CodeOf<Codes>, message: string, extra?: Record<string, unknown>, headers?: Record<string, string>) {
      super(code, statuses!.get(code)!, message, extra, headers);
    }
  };
}
