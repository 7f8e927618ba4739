import { z } from 'zod';
import { SESSION_COOKIE } from '../accounts/auth/session-authenticator';
import { DEPENDENCY_UNAVAILABLE } from '../common/errors/dependency-outage';
import { HttpLayerErrorCode } from '../common/http/http-layer-errors';
import { errors, HeaderName, ResponseDoc, RouteDoc } from '../common/openapi/route-doc';
import { COMPONENTS } from '../common/openapi/components';
import { ROUTE_DOCS } from './route-docs';
import { JSON_SCHEMA_OPTIONS } from '../design/template-json-schema';

type JsonSchema = Record<string, unknown>;

export interface OpenApiDocumentOptions {
  /** Where the API is served (PUBLIC_BASE_URL); relative when omitted. */
  serverUrl?: string;
  version?: string;
  routes?: readonly RouteDoc[];
}

const HEADERS: Record<HeaderName, { description: string; schema: JsonSchema }> = {
  'Retry-After': { description: 'Whole seconds until the request can succeed; equals `retryAfter` in the body.', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Policy': {
    description: 'IETF httpapi rate-limit policies (draft 10): `"minute";q=<N>;w=60, "month";q=<L>;w=<period seconds>`.',
    schema: { type: 'string' },
  },
  RateLimit: { description: 'IETF httpapi rate-limit state (draft 10): `"minute";r=<remaining>;t=<seconds until a slot frees>`.', schema: { type: 'string' } },
  'X-RateLimit-Limit': { description: 'Counted requests allowed per rolling minute.', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Counted requests left in the current minute.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until a minute slot frees.', schema: { type: 'integer' } },
  'X-Cache': {
    description: '`HIT` when the answer did not draw (cached, or joined an identical render in progress), `MISS` when it drew.',
    schema: { type: 'string', enum: ['HIT', 'MISS'] },
  },
  'X-Render-Warnings': {
    description:
      "The render's warnings (the JSON array of a render answer's `warnings`, §5), percent-encoded UTF-8 (`encodeURIComponent`); `%5B%5D` when there are none.",
    schema: { type: 'string' },
  },
  'Idempotent-Replayed': { description: '`true` on an answer replayed for a repeated `Idempotency-Key`.', schema: { type: 'string', const: 'true' } },
  Location: { description: 'Where the created resource can be read (a path on this server).', schema: { type: 'string' } },
  ETag: { description: 'Strong entity tag; send it back in `If-None-Match` for a 304.', schema: { type: 'string' } },
  'Cache-Control': { description: 'Caching rules for shared and private caches.', schema: { type: 'string' } },
  'Content-Security-Policy': {
    description: "SVG images only: `default-src 'none'; style-src 'unsafe-inline'; img-src data:` (the file loads and runs nothing).",
    schema: { type: 'string' },
  },
  'X-Content-Type-Options': { description: 'SVG images only: `nosniff`.', schema: { type: 'string', const: 'nosniff' } },
  'WWW-Authenticate': { description: 'Always `Bearer` on a 401.', schema: { type: 'string', const: 'Bearer' } },
};

/** An API key, or (for the studio in the browser) the dashboard session cookie with its CSRF token. */
const BEARER_OR_SESSION = [{ bearer: [] }, { session: [], csrfToken: [] }];

const REQUEST_ID_HEADER = { description: "Echo of the request id (the client's `X-Request-Id` when sane, else a generated one).", schema: { type: 'string' } };

/**
 * Converts zod schemas to OpenAPI 3.1 schemas (JSON Schema 2020-12) with zod's own converter.
 * Two passes: the document is first walked to register every schema it uses, then zod converts them
 * all in one registry pass (each zod schema is processed once, however many routes share it: this is
 * what keeps start-up cheap). Schemas named in COMPONENTS become `components.schemas` entries behind
 * `$ref`s; the others are inlined where they are used.
 */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};
  private readonly registry = z.registry<{ id: string }>();
  private readonly ids = new Map<z.ZodType, string>();
  private converted: Record<string, JsonSchema> | undefined;

  constructor() {
    // Every named component, so that one referenced deep inside another schema is still a $ref.
    for (const [id, schema] of COMPONENTS._idmap) this.register(schema as z.ZodType, id);
  }

  /** Pass 1 registers the schema and answers a placeholder; pass 2 answers its JSON Schema. */
  convert(schema: z.ZodType): JsonSchema {
    if (!this.converted) {
      this.register(schema, `${INLINE}${this.ids.size}`);
      return {};
    }
    const id = this.ids.get(schema);
    if (id === undefined) throw new Error('OpenAPI: a schema was not registered in the first pass');
    return id.startsWith(INLINE) ? this.inline(this.converted[id]) : { $ref: `${COMPONENT_REF}${id}` };
  }

  run(): void {
    const { schemas } = z.toJSONSchema(this.registry, {
      ...JSON_SCHEMA_OPTIONS,
      uri: (id) => `${COMPONENT_REF}${id}`,
      // Descriptions given to component() and to .describe()/.meta() both reach the document.
      override: ({ zodSchema, jsonSchema }) => {
        const description = COMPONENTS.get(zodSchema)?.description ?? z.globalRegistry.get(zodSchema)?.description;
        if (description && jsonSchema.description === undefined) jsonSchema.description = description;
      },
    }) as { schemas: Record<string, JsonSchema> };
    const converted: Record<string, JsonSchema> = {};
    for (const [id, schema] of Object.entries(schemas)) {
      const { $schema: _dialect, $id: _id, ...rest } = schema;
      converted[id] = relink(rest) as JsonSchema;
    }
    // Schemas zod itself chose to share (recursion) come as __shared $defs: make them components too.
    const shared = (converted.__shared?.$defs ?? {}) as Record<string, JsonSchema>;
    delete converted.__shared;
    Object.assign(converted, shared);
    this.converted = converted;
    for (const [id, schema] of Object.entries(converted)) if (!id.startsWith(INLINE)) this.components[id] = this.inline(schema);
  }

  private register(schema: z.ZodType, id: string): void {
    if (this.ids.has(schema)) return;
    this.ids.set(schema, id);
    this.registry.add(schema, { id });
  }

  /** Replaces references to inline (unnamed) schemas by a copy of their body. */
  private inline(value: unknown): JsonSchema {
    const walk = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(walk);
      if (!node || typeof node !== 'object') return node;
      const ref = (node as { $ref?: unknown }).$ref;
      if (typeof ref === 'string' && ref.startsWith(`${COMPONENT_REF}${INLINE}`)) {
        const { $ref: _ref, ...siblings } = node as Record<string, unknown>;
        return { ...(walk(this.converted![ref.slice(COMPONENT_REF.length)]) as object), ...siblings };
      }
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    };
    return walk(value) as JsonSchema;
  }
}

const COMPONENT_REF = '#/components/schemas/';
const INLINE = '__inline_';

/** References into zod's shared `$defs` → `#/components/schemas/X`. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (value && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      result[key] = key === '$ref' && typeof child === 'string' ? child.replace(/^#\/components\/schemas\/__shared#\/\$defs\//, COMPONENT_REF) : relink(child);
    }
    return result;
  }
  return value;
}

/** `/api/templates/:id` → `/api/templates/{id}`. */
export const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const PATH_PARAMETER = z.string();

const pathParameterNames = (path: string): string[] => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);

/** What the HTTP layer answers before any route runs (§20), so any route can answer it. */
const HTTP_LAYER_ERRORS = errors({
  400: [HttpLayerErrorCode.BAD_URL, HttpLayerErrorCode.MALFORMED_REQUEST],
  408: [HttpLayerErrorCode.REQUEST_TIMEOUT],
  414: [HttpLayerErrorCode.URI_TOO_LONG],
  431: [HttpLayerErrorCode.HEADERS_TOO_LARGE],
});

/** Statuses every route can answer, merged with the route's own (error codes of one status are united). */
function allResponses(route: RouteDoc): Record<number, ResponseDoc> {
  const layers: Array<Record<number, ResponseDoc>> = [
    HTTP_LAYER_ERRORS,
    // §23: an editor session's token is a Bearer credential that every route beyond its grant refuses.
    route.public ? {} : errors({ 401: ['unauthorized'], 403: ['forbidden'] }),
    route.body ? errors({ 400: ['validation_failed'], 413: ['payload_too_large'], 415: ['unsupported_media_type'] }) : {},
    errors({ 500: ['internal_error'] }),
    // §20: the database or Redis went away (every route that reads them; a Bearer route does in its guard).
    route.standalone ? {} : errors({ 503: [DEPENDENCY_UNAVAILABLE] }),
    route.responses,
  ];
  const merged: Record<number, ResponseDoc> = {};
  for (const layer of layers) {
    for (const [key, response] of Object.entries(layer)) {
      const status = Number(key);
      const earlier = merged[status];
      // The route's own 500 (render_failed, internal_error) replaces the generic one; other error lists unite.
      if (earlier?.codes && response.codes && status !== 500) {
        merged[status] = errors({ [status]: [...new Set([...response.codes, ...earlier.codes])] as [string, ...string[]] })[status];
      } else {
        merged[status] = response;
      }
    }
  }
  return merged;
}

function buildResponse(converter: SchemaConverter, response: ResponseDoc): JsonSchema {
  const headers: Record<string, unknown> = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };
  for (const name of response.headers ?? []) headers[name] = { $ref: `#/components/headers/${name}` };
  const content: Record<string, unknown> = {};
  if (response.schema) {
    content['application/json'] = {
      schema: converter.convert(response.schema),
      ...(response.examples ? { examples: namedExamples(response.examples) } : {}),
    };
  }
  for (const [mediaType, description] of Object.entries(response.media ?? {})) {
    content[mediaType] = { schema: { type: 'string', contentMediaType: mediaType, description } };
  }
  return { description: response.description, headers, ...(Object.keys(content).length ? { content } : {}) };
}

const namedExamples = (examples: Record<string, unknown>) => Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }]));

function buildOperation(converter: SchemaConverter, route: RouteDoc): JsonSchema {
  const parameters: unknown[] = [];
  for (const name of pathParameterNames(route.path)) {
    parameters.push({ name, in: 'path', required: true, schema: converter.convert(route.params?.[name] ?? PATH_PARAMETER) });
  }
  for (const [name, schema] of Object.entries(route.query ?? {})) {
    const converted = converter.convert(schema);
    const isObject = converted.type === 'object';
    const optional = schema.safeParse(undefined).success;
    parameters.push({
      name,
      in: 'query',
      required: !optional,
      ...(converted.description ? { description: converted.description } : {}),
      ...(isObject ? { style: 'deepObject', explode: true } : {}),
      schema: converted,
    });
  }
  for (const [name, schema] of Object.entries(route.headers ?? {})) {
    const converted = converter.convert(schema);
    parameters.push({
      name,
      in: 'header',
      required: !schema.safeParse(undefined).success,
      ...(converted.description ? { description: converted.description } : {}),
      schema: converted,
    });
  }
  const responses: Record<string, unknown> = {};
  const all = allResponses(route);
  for (const status of Object.keys(all)
    .map(Number)
    .sort((a, b) => a - b))
    responses[String(status)] = buildResponse(converter, all[status]);
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    security: route.public ? [] : BEARER_OR_SESSION,
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            ...(route.body.description ? { description: route.body.description } : {}),
            content: {
              [route.body.mediaType ?? 'application/json']: {
                schema: converter.convert(route.body.schema),
                ...(route.body.examples ? { examples: namedExamples(route.body.examples) } : {}),
              },
              ...Object.fromEntries(
                (route.body.alternatives ?? []).map((alternative) => [alternative.mediaType, { schema: converter.convert(alternative.schema) }]),
              ),
            },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every documented route; pure, so tests and the client build call it too. */
export function buildOpenApiDocument(options: OpenApiDocumentOptions = {}): JsonSchema {
  const converter = new SchemaConverter();
  const paths: Record<string, Record<string, unknown>> = {};
  const routes = options.routes ?? ROUTE_DOCS;
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.method.toUpperCase()} ${route.path}`;
    if (seen.has(key)) throw new Error(`OpenAPI: ${key} is documented twice`);
    seen.add(key);
    buildOperation(converter, route);
  }
  converter.run();
  for (const route of routes) {
    const path = toOpenApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = buildOperation(converter, route);
  }
  const tags = [...new Set(routes.map((route) => route.tag))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pictor',
      version: options.version ?? '0.1.0',
      description:
        'Self-hostable image rendering API: templates of layers, rendered to PNG, JPEG or WebP on request.\n\n' +
        'Authenticate with `Authorization: Bearer sk_…` (create keys with `npm run cli -- api-keys:create` or in the dashboard at `/app`). ' +
        'Every error is JSON: `{"statusCode","error","message","code"}`; 429 bodies add the limit fields and a `Retry-After` header.',
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags,
    security: BEARER_OR_SESSION,
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sk_…',
          description:
            "An API key: `Authorization: Bearer sk_…`. Or an editor session's token (`est_…`, §23), which reaches only its template, " +
            "that template's preview and renders and the fonts list (any other call is a 403 `forbidden`).",
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The dashboard session (used by the studio); only together with `csrfToken`, and only when no Authorization header is sent.',
        },
        csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: "The dashboard session's CSRF token." },
      },
      headers: {
        'X-Request-Id': REQUEST_ID_HEADER,
        ...Object.fromEntries(Object.entries(HEADERS).map(([name, header]) => [name, header])),
      },
      schemas: Object.fromEntries(Object.entries(converter.components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}
