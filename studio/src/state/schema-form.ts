/** Just enough of JSON Schema (draft 2020-12, as zod's toJSONSchema writes it) to build forms. */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  description?: string;
}

export type FieldKind = 'number' | 'integer' | 'text' | 'textarea' | 'color' | 'select' | 'checkbox' | 'choice' | 'group' | 'json';

/** One input of the properties panel, derived from a schema property. */
export interface FormField {
  /** Path from the layer (or template) object, e.g. ['shadow', 'blur']. */
  path: string[];
  key: string;
  label: string;
  kind: FieldKind;
  /** `null` is a valid value (an empty input means null). */
  nullable: boolean;
  required: boolean;
  options?: Array<string | number | boolean>;
  min?: number;
  max?: number;
  defaultValue?: unknown;
  /** Sub-fields of a group (an object property). */
  fields?: FormField[];
  /** A valid value to start from when an optional group (e.g. a gradient) is switched on. */
  example?: unknown;
}

const ACRONYMS: Record<string, string> = { url: 'URL', qr: 'QR', id: 'ID', x: 'X', y: 'Y' };

/** `fontSize` → `Font size`, `imageUrl` → `Image URL`, `x` → `X`. */
export function labelFor(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * A field's label: its key's words (`Font size`); a layer's `name` is `Layer name` (the template has a
 * `Name`); a nested field says whose it is (`Shadow color`, not a second `Color`).
 */
export function fieldLabel(path: string[]): string {
  const key = path[path.length - 1];
  if (path.length === 1) return key === 'name' ? 'Layer name' : labelFor(key);
  const own = labelFor(key);
  return `${fieldLabel(path.slice(0, -1))} ${own.charAt(0).toLowerCase()}${own.slice(1)}`;
}

/** Layer variants of a template schema: `properties.layers.items.oneOf` (or anyOf). */
export function layerVariants(templateSchema: JsonSchema): JsonSchema[] {
  const items = templateSchema.properties?.layers?.items;
  if (!items) return [];
  return items.oneOf ?? items.anyOf ?? [items];
}

/** The layer types a template may hold, in the schema's order. */
export function layerTypes(templateSchema: JsonSchema): string[] {
  return layerVariants(templateSchema)
    .map((variant) => variant.properties?.type?.const)
    .filter((type): type is string => typeof type === 'string');
}

export function layerSchema(templateSchema: JsonSchema, type: string): JsonSchema | undefined {
  return layerVariants(templateSchema).find((variant) => variant.properties?.type?.const === type);
}

const isNull = (schema: JsonSchema) => schema.type === 'null';
const isColor = (schema: JsonSchema) => typeof schema.pattern === 'string' && schema.pattern.includes('#') && schema.pattern.includes('0-9a-fA-F');

/** Fields of an object schema, in its property order (`type` is fixed per layer, so not a field). */
export function fieldsOf(schema: JsonSchema, parent: string[] = []): FormField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([key, property]) => !(key === 'type' && property.const !== undefined))
    .map(([key, property]) => fieldFor(key, property, [...parent, key], required.has(key)));
}

export function fieldFor(key: string, property: JsonSchema, path: string[], required: boolean): FormField {
  let schema = property;
  let nullable = false;
  const alternatives = property.anyOf ?? property.oneOf;
  if (alternatives) {
    const nonNull = alternatives.filter((alternative) => !isNull(alternative));
    nullable = nonNull.length < alternatives.length;
    if (nonNull.length === 1) schema = { ...nonNull[0], default: property.default };
    else {
      // A union of fixed values and numbers (e.g. fontWeight: "normal" | "bold" | 100…900): a choice with free entry.
      const options = nonNull.flatMap((alternative) => alternative.enum ?? (alternative.const !== undefined ? [alternative.const] : []));
      const onlyScalars = nonNull.every((alternative) => ['string', 'number', 'integer', 'boolean'].includes(String(alternative.type)));
      const base = { path, key, label: fieldLabel(path), nullable, required, defaultValue: property.default };
      return onlyScalars ? { ...base, kind: 'choice', options: options as FormField['options'] } : { ...base, kind: 'json' };
    }
  }
  const base = { path, key, label: fieldLabel(path), nullable, required, defaultValue: schema.default ?? property.default };
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  if (schema.enum) return { ...base, kind: 'select', options: schema.enum as FormField['options'] };
  if (schema.const !== undefined) return { ...base, kind: 'select', options: [schema.const as string] };
  switch (type) {
    case 'integer':
    case 'number':
      return { ...base, kind: type, min: schema.minimum, max: schema.maximum };
    case 'boolean':
      return { ...base, kind: 'checkbox' };
    case 'string':
      if (isColor(schema)) return { ...base, kind: 'color' };
      return { ...base, kind: (schema.maxLength ?? 0) > 300 ? 'textarea' : 'text', max: schema.maxLength };
    case 'object':
      if (schema.properties) return { ...base, kind: 'group', fields: fieldsOf(schema, path), example: exampleValue(schema) };
      return { ...base, kind: 'json' };
    default:
      return { ...base, kind: 'json' };
  }
}

/** Reads the value at a field's path. */
export function valueAt(target: unknown, path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), target);
}

/** A copy of `target` with `value` at `path` (undefined removes the key). */
export function withValue<T>(target: T, path: string[], value: unknown): T {
  const [head, ...rest] = path;
  const source = (target && typeof target === 'object' ? target : {}) as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...source };
  const next = rest.length === 0 ? value : withValue(source[head], rest, value);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy as T;
}

/** Turns an input's text into the field's value: numbers parsed, empty → null (nullable) or removed. */
export function parseInput(field: FormField, raw: string): { value?: unknown; error?: string } {
  const text = raw.trim();
  if (text === '')
    return field.nullable
      ? { value: null }
      : field.required && field.kind !== 'text' && field.kind !== 'textarea'
        ? { error: 'Required' }
        : { value: field.kind === 'text' || field.kind === 'textarea' ? raw : undefined };
  switch (field.kind) {
    case 'integer':
    case 'number': {
      const number = Number(text);
      if (!Number.isFinite(number)) return { error: 'Must be a number' };
      return { value: field.kind === 'integer' ? Math.round(number) : number };
    }
    case 'choice': {
      const option = field.options?.find((candidate) => String(candidate) === text);
      if (option !== undefined) return { value: option };
      return /^-?\d+(\.\d+)?$/.test(text) ? { value: Number(text) } : { value: text };
    }
    case 'select': {
      const option = field.options?.find((candidate) => String(candidate) === text);
      return { value: option ?? text };
    }
    case 'json':
      try {
        return { value: JSON.parse(text) };
      } catch {
        return { error: 'Must be valid JSON' };
      }
    default:
      return { value: raw };
  }
}

const EXAMPLE_COLORS = ['#0ea5e9', '#6366f1', '#f472b6', '#facc15'];

/**
 * A value valid for `schema`, built from its consts, defaults and bounds: what an optional group
 * starts with when switched on. In an array, bounded numbers spread from minimum to maximum
 * (gradient stop offsets 0 → 1) and colours differ, so the example also looks like one.
 */
export function exampleValue(schema: JsonSchema, index = 0, count = 1): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const usable = alternatives.find((alternative) => alternative.type !== 'null') ?? alternatives[0];
    return exampleValue(usable, index, count);
  }
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, exampleValue(property, index, count)]));
    case 'array': {
      const length = Math.max(schema.minItems ?? 0, 0);
      return Array.from({ length }, (_, item) => exampleValue(schema.items ?? {}, item, length));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      if (count > 1 && schema.maximum !== undefined) {
        const value = min + ((schema.maximum - min) * index) / (count - 1);
        return type === 'integer' ? Math.round(value) : value;
      }
      return min;
    }
    case 'boolean':
      return false;
    case 'string':
      if (isColor(schema)) return EXAMPLE_COLORS[index % EXAMPLE_COLORS.length];
      return '';
    default:
      return null;
  }
}
