import { randomBytes } from 'node:crypto';
import { IParseOptions, parse } from 'qs';
import { CommonErrorCode, CommonException } from '../../common/errors/app-exception';
import { parseOrThrow } from '../../common/validation/zod-validation.pipe';
import { generateRequestSchema, RenderRequest } from './render-request.schema';

export const MAX_QUERY_BYTES = 8 * 1024;
const TOP_LEVEL = new Set(['templateId', 'format', 'width', 'height', 'quality', 'pdf', 'layers', 's', 'expires']);
const INTEGER_FIELDS = new Set(['fontSize']);
const BOOLEAN_FIELDS = new Set(['hidden', 'showText']);
const DECIMAL = /^(0|[1-9]\d{0,11})$/;
// Typography and placement numbers that may be fractional or negative (the schema bounds them).
const NUMBER_FIELDS = new Set(['letterSpacing', 'strokeWidth', 'rotation', 'opacity']);
const NUMBER = /^-?(0|[1-9]\d{0,11})(\.\d{1,6})?$/;

export interface PublicRenderQuery {
  request: RenderRequest;
  signature: string | undefined;
  expires: number | undefined;
}

/**
 * qs drops a `__proto__` key whatever its options, so a layer of that name travels under a stand-in: put in
 * place of the decoded key (any spelling of it: `%5F%5Fproto%5F%5F` too, but only that exact name) and
 * unknowable to a client (per-process random), so no other layer name can turn into it.
 */
const PROTO_LAYER_KEY = /^layers\[__proto__\]/;
const PROTO_STAND_IN = `\u0000proto-${randomBytes(12).toString('hex')}\u0000`;

const decodeKeepingProto: IParseOptions['decoder'] = (value, decode, charset, type) => {
  const decoded = decode(value, decode, charset);
  return type === 'key' ? decoded.replace(PROTO_LAYER_KEY, `layers[${PROTO_STAND_IN}]`) : decoded;
};

const invalid = (message: string) => new CommonException(CommonErrorCode.VALIDATION_FAILED, message);

/** Query values are strings: numbers must be plain decimal integers, booleans `true`/`false`. */
function decimalNumber(name: string, value: string): number {
  if (!NUMBER.test(value)) throw invalid(`${name}: must be a decimal number`);
  return Number(value);
}

function integer(name: string, value: string): number {
  if (!DECIMAL.test(value)) throw invalid(`${name}: must be a decimal integer`);
  return Number(value);
}

function single(name: string, value: unknown): string {
  if (typeof value !== 'string') throw invalid(`${name}: must be given once, as a plain value`);
  return value;
}

function boolean(name: string, value: string): boolean {
  if (value !== 'true' && value !== 'false') throw invalid(`${name}: must be true or false`);
  return value === 'true';
}

/** `pdf[archival]=true` (§21): the PDF options, booleans from their query spelling. */
function pdfOptions(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid('pdf: use pdf[archival]=true');
  const options: Record<string, unknown> = {};
  for (const [field, given] of Object.entries(value as Record<string, unknown>)) {
    const text = single(`pdf.${field}`, given);
    options[field] = field === 'archival' ? boolean(`pdf.${field}`, text) : text;
  }
  return options;
}

/**
 * Parses `templateId=…&format=…&layers[title][text]=…` (qs bracket form) into the same request the
 * JSON endpoints take, then validates it with the same schema: same limits, same cache key.
 */
export function parsePublicRenderQuery(rawQuery: string): PublicRenderQuery {
  if (Buffer.byteLength(rawQuery) > MAX_QUERY_BYTES) {
    throw new CommonException(CommonErrorCode.URI_TOO_LONG, `Query string is longer than ${MAX_QUERY_BYTES} bytes`);
  }
  // duplicates: 'combine' turns a repeated parameter into an array, which `single` then refuses.
  let parsed: Record<string, unknown>;
  try {
    // Names are data: null-prototype objects with every key allowed (`__proto__` through its stand-in).
    parsed = parse(rawQuery, {
      decoder: decodeKeepingProto,
      depth: 2,
      parameterLimit: 300,
      parseArrays: false,
      duplicates: 'combine',
      allowPrototypes: true,
      plainObjects: true,
      strictDepth: true,
      throwOnLimitExceeded: true,
    });
  } catch (error) {
    throw invalid(`malformed query string (${(error as Error).message})`);
  }
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!TOP_LEVEL.has(key)) throw invalid(`${key}: unknown parameter`);
    if (key === 'layers') continue;
    if (key === 's' || key === 'expires') continue;
    if (key === 'pdf') {
      body.pdf = pdfOptions(value);
      continue;
    }
    const text = single(key, value);
    body[key] = ['width', 'height', 'quality'].includes(key) ? integer(key, text) : text;
  }
  if (parsed.layers !== undefined) {
    if (typeof parsed.layers !== 'object' || Array.isArray(parsed.layers)) throw invalid('layers: use layers[<name>][<field>]=<value>');
    const layers = Object.create(null) as Record<string, Record<string, unknown>>;
    for (const [givenName, fields] of Object.entries(parsed.layers as Record<string, unknown>)) {
      const name = givenName === PROTO_STAND_IN ? '__proto__' : givenName;
      if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw invalid(`layers.${name}: use layers[${name}][<field>]=<value>`);
      layers[name] = {};
      for (const [field, value] of Object.entries(fields as Record<string, unknown>)) {
        const text = single(`layers.${name}.${field}`, value);
        if (BOOLEAN_FIELDS.has(field)) {
          layers[name][field] = boolean(`layers.${name}.${field}`, text);
        } else {
          const path = `layers.${name}.${field}`;
          layers[name][field] = INTEGER_FIELDS.has(field) ? integer(path, text) : NUMBER_FIELDS.has(field) ? decimalNumber(path, text) : text;
        }
      }
    }
    body.layers = layers;
  } else {
    body.layers = {};
  }
  const signature = parsed.s === undefined ? undefined : single('s', parsed.s);
  const expires = parsed.expires === undefined ? undefined : integer('expires', single('expires', parsed.expires));
  return { request: parseOrThrow(generateRequestSchema, body), signature, expires };
}

/** The signed string: the query exactly as sent, in its order, without its `s` parameter(s). */
export function queryWithoutSignature(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter((part) => {
      const key = part.split('=', 1)[0];
      try {
        return decodeURIComponent(key.replace(/\+/g, ' ')) !== 's';
      } catch {
        return true;
      }
    })
    .join('&');
}
