import { z } from 'zod';
import { SESSION_COOKIE } from '../accounts/auth/session-authenticator';
import { errors, HeaderName, ResponseDoc, RouteDoc } from './route-doc';
import { COMPONENTS } from './components';
import { ROUTE_DOCS } from './route-docs';
import { JSON_SCHEMA_OPTIONS } from './template-json-schema';

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
  'X-Cache': { description: '`HIT` when the answer did not draw (cached, or joined an identical render in progress), `MISS` when it drew.', schema: { type: 'string', enum: ['HIT', 'MISS'] } },
  ETag: { description: 'Strong entity tag; send it back in `If-None-Match` for a 304.', schema: { type: 'string' } },
  'Cache-Control': { description: 'Caching rules for shared and private caches.', schema: { type: 'string' } },
  'WWW-Authenticate': { description: 'Always `Bearer` on a 401.', schema: { type: 'string', const: 'Bearer' } },
};

/** An API key, or (for the studio in the browser) the dashboard session cookie with its CSRF token. */
const BEARER_OR_SESSION = [{ bearer: [] }, { session: [], csrfToken: [] }];

const REQUEST_ID_HEADER = { description: 'Echo of the request id (the client\'s `X-Request-Id` when sane, else a generated one).', schema: { type: 'string' } };

/**
 * Converts zod schemas to OpenAPI 3.1 schemas (JSON Schema 2020-12) with zod's own converter.
 * Schemas registered in COMPONENTS become `components.schemas` entries referenced by `$ref`.
 */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType): JsonSchema {
    const converted = z.toJSONSchema(schema, {
      ...JSON_SCHEMA_OPTIONS,
      metadata: COMPONENTS,
      // Descriptions written with .describe()/.meta() live in the global registry; keep them.
      override: ({ zodSchema, jsonSchema }) => {
        const description = z.globalRegistry.get(zodSchema)?.description;
        if (description && jsonSchema.description === undefined) jsonSchema.description = description;
      },
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = converted;
    for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      this.components[name] = relink(definition) as JsonSchema;
    }
    return relink(rest) as JsonSchema;
  }
}

/** `#/$defs/X` (zod's local references) → `#/components/schemas/X`. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (value && typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      result[key] = key === '$ref' && typeof child === 'string' ? child.replace('#/$defs/', '#/components/schemas/') : relink(child);
    }
    return result;
  }
  return value;
}

/** `/api/templates/:id` → `/api/templates/{id}`. */
export const toOpenApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pathParameterNames = (path: string): string[] => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);

/** Statuses every route can answer, added unless the route documents them itself. */
function implicitResponses(route: RouteDoc): Record<number, ResponseDoc> {
  return {
    ...(route.public ? {} : errors({ 401: ['unauthorized'] })),
    ...(route.body ? errors({ 400: ['validation_failed'], 413: ['payload_too_large'], 415: ['unsupported_media_type'] }) : {}),
    ...errors({ 500: ['internal_error'] }),
  };
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

const namedExamples = (examples: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }]));

function buildOperation(converter: SchemaConverter, route: RouteDoc): JsonSchema {
  const parameters: unknown[] = [];
  for (const name of pathParameterNames(route.path)) {
    parameters.push({ name, in: 'path', required: true, schema: converter.convert(route.params?.[name] ?? z.string()) });
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
    parameters.push({ name, in: 'header', required: !schema.safeParse(undefined).success, ...(converted.description ? { description: converted.description } : {}), schema: converted });
  }
  const responses: Record<string, unknown> = {};
  const all = { ...implicitResponses(route), ...route.responses };
  for (const status of Object.keys(all).map(Number).sort((a, b) => a - b)) responses[String(status)] = buildResponse(converter, all[status]);
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
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'sk_…', description: 'An API key: `Authorization: Bearer sk_…`.' },
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The dashboard session (used by the studio); only together with `csrfToken`, and only when no Authorization header is sent.' },
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
