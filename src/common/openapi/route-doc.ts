import { z } from 'zod';

/** Response headers Pictor documents once (components.headers) and routes name. */
export type HeaderName =
  | 'Retry-After'
  | 'RateLimit-Policy'
  | 'RateLimit'
  | 'X-RateLimit-Limit'
  | 'X-RateLimit-Remaining'
  | 'X-RateLimit-Reset'
  | 'X-Cache'
  | 'X-Render-Warnings'
  | 'Location'
  | 'Idempotent-Replayed'
  | 'ETag'
  | 'Cache-Control'
  | 'Content-Security-Policy'
  | 'X-Content-Type-Options'
  | 'WWW-Authenticate';

export type HttpMethod = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';

export interface ResponseDoc {
  description: string;
  /** A JSON body. */
  schema?: z.ZodType;
  /** Non-JSON bodies (images, text): media type → a short description of the bytes. */
  media?: Record<string, string>;
  headers?: readonly HeaderName[];
  /** Named examples from the contract. */
  examples?: Record<string, unknown>;
  /** The error `code` values of an error response (set by errors()), so lists for one status merge. */
  codes?: readonly [string, ...string[]];
}

/**
 * Everything the document says about one route. Paths are written as Nest/Fastify write them
 * (`/api/templates/:id`); the builder turns them into OpenAPI form (`/api/templates/{id}`).
 */
export interface RouteDoc {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** No API key needed (security: []). Default: Bearer. */
  public?: boolean;
  /** Answered by the process alone (no database, Redis or store), so never 503 `dependency_unavailable`. */
  standalone?: boolean;
  /** Path parameters; each `:name` in the path defaults to a string. */
  params?: Record<string, z.ZodType>;
  /** Query parameters (`style: deepObject` for object-valued ones such as `layers`). */
  query?: Record<string, z.ZodType>;
  /** Request headers the route reads (besides Authorization), e.g. `If-Match`. */
  headers?: Record<string, z.ZodType>;
  /** The request body; `mediaType` defaults to application/json (multipart/form-data for uploads). */
  body?: {
    schema: z.ZodType;
    examples?: Record<string, unknown>;
    description?: string;
    mediaType?: string;
    /** The same request in other media types (e.g. a CSV upload as multipart/form-data beside JSON). */
    alternatives?: ReadonlyArray<{ mediaType: string; schema: z.ZodType }>;
  };
  responses: Record<number, ResponseDoc>;
}

/** Identity with types: lets a module's docs file be checked where it is written. */
export const defineRouteDocs = (docs: RouteDoc[]): RouteDoc[] => docs;

/** The contract's error body (§3) for one status, its `code` limited to the values the route can answer. */
const errorBodies = new Map<string, z.ZodType>();

export function errorBodySchema(status: number, codes: readonly [string, ...string[]]): z.ZodType {
  // One schema per status and code list, so the document converts each once.
  const key = `${status}:${codes.join(',')}`;
  let schema = errorBodies.get(key);
  if (!schema) {
    schema = buildErrorBody(status, codes);
    errorBodies.set(key, schema);
  }
  return schema;
}

function buildErrorBody(status: number, codes: readonly [string, ...string[]]) {
  return z.strictObject({
    statusCode: z.literal(status),
    error: z.string().describe('HTTP reason phrase'),
    message: z.string().describe('Human text; several problems are joined by "; "'),
    code: z.enum(codes as [string, ...string[]]),
    details: z
      .array(z.strictObject({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Validation errors: one entry per field'),
  });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request',
  401: 'Missing, malformed, unknown or revoked API key',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  422: 'Unprocessable',
  413: 'Body over 1 MiB',
  414: 'Query string too long',
  408: 'The request did not arrive in time',
  415: 'Body is not application/json',
  431: 'Request headers too large',
  500: 'The server failed',
  503: 'Temporarily unable to answer (nothing was counted)',
};

/** Error responses by status: `errors({ 404: ['template_not_found'] })`. */
export function errors(byStatus: Record<number, readonly [string, ...string[]]>): Record<number, ResponseDoc> {
  const responses: Record<number, ResponseDoc> = {};
  for (const [status, codes] of Object.entries(byStatus)) {
    const code = Number(status);
    responses[code] = {
      description: `${STATUS_TEXT[code] ?? 'Error'}: ${codes.map((value) => `\`${value}\``).join(', ')}`,
      schema: errorBodySchema(code, codes),
      codes,
      ...(code === 401 ? { headers: ['WWW-Authenticate'] as const } : {}),
    };
  }
  return responses;
}

const rateLimitedBody = z.strictObject({
  statusCode: z.literal(429),
  error: z.literal('Too Many Requests'),
  message: z.string(),
  code: z.literal('rate_limited'),
  limit: z.number().int().describe('Requests allowed per rolling minute'),
  retryAfter: z.number().int().min(1).describe('Seconds until a slot frees (equals Retry-After)'),
});

const quotaExceededBody = z.strictObject({
  statusCode: z.literal(429),
  error: z.literal('Too Many Requests'),
  message: z.string(),
  code: z.literal('quota_exceeded'),
  limit: z.number().int().describe('Generations per billing period'),
  used: z.number().int(),
  remaining: z
    .number()
    .int()
    .min(0)
    .describe('What is left of the quota: 0 for a single render; a document of more pages than are left is refused whole (§21)'),
  retryAfter: z.number().int().min(1).describe('Seconds to the end of the billing period (equals Retry-After)'),
});

export const tooManyRequestsSchema = z.discriminatedUnion('code', [rateLimitedBody, quotaExceededBody]);

/** The 429 of rendering endpoints (§8), with its Retry-After header. */
export const tooManyRequests = (codes: ReadonlyArray<'rate_limited' | 'quota_exceeded'> = ['rate_limited', 'quota_exceeded']): Record<number, ResponseDoc> => ({
  429: {
    description: `Over a limit: ${codes.map((code) => `\`${code}\``).join(', ')}. When both are exceeded the monthly answer is given.`,
    schema: codes.length === 2 ? tooManyRequestsSchema : codes[0] === 'rate_limited' ? rateLimitedBody : quotaExceededBody,
    headers: ['Retry-After'],
    examples: {
      rate_limited: {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Rate limit of 15 requests per minute exceeded',
        code: 'rate_limited',
        limit: 15,
        retryAfter: 12,
      },
      ...(codes.includes('quota_exceeded')
        ? {
            quota_exceeded: {
              statusCode: 429,
              error: 'Too Many Requests',
              message: 'Monthly quota of 50 generations exceeded',
              code: 'quota_exceeded',
              limit: 50,
              used: 50,
              remaining: 0,
              retryAfter: 86400,
            },
          }
        : {}),
    },
  },
});

/** The rate-limit fields a counted answer carries (§8). */
export const RATE_LIMIT_HEADERS: readonly HeaderName[] = ['RateLimit-Policy', 'RateLimit', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
