import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument, toOpenApiPath } from '../../src/openapi/openapi-document';

/**
 * Contract tests: every JSON answer the integration suite receives is validated against the OpenAPI
 * document's schema for that route and status, so a response that drifts from the document (or a
 * route or status the document lacks) fails the test that saw it.
 */

/** Not API: the dashboard's HTML pages and forms, and its script. */
export const UNDOCUMENTED_PREFIXES = ['/app/', '/app', '/embed/'];

const HOW_TO = 'Document it in the module\'s `src/<module>/<module>.openapi.ts` (listed in src/openapi/route-docs.ts); see README "Documenting a route".';
const COMPONENTS_ID = 'https://pictor.invalid/components';

interface Operation {
  method: string;
  path: string;
  pattern: RegExp;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface Contract {
  operations: Operation[];
  validator: (schema: unknown, key: string) => ValidateFunction;
  genericError: ValidateFunction;
}

let contract: Contract | undefined;

/** `#/components/schemas/X` → an absolute reference into the one shared components schema. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [
        key,
        key === '$ref' && typeof child === 'string' ? child.replace('#/components/schemas/', `${COMPONENTS_ID}#/$defs/`) : relink(child),
      ]),
    );
  }
  return value;
}

function loadContract(): Contract {
  if (contract) return contract;
  const document = buildOpenApiDocument() as {
    paths: Record<string, Record<string, { responses: Operation['responses'] }>>;
    components: { schemas: Record<string, unknown> };
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: relink(document.components.schemas) });
  const compiled = new Map<string, ValidateFunction>();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const [method, operation] of Object.entries(methods)) operations.push({ method: method.toUpperCase(), path, pattern, responses: operation.responses });
  }
  contract = {
    operations,
    validator: (schema, key) => {
      let validate = compiled.get(key);
      if (!validate) {
        validate = ajv.compile(relink(schema) as object);
        compiled.set(key, validate);
      }
      return validate;
    },
    genericError: ajv.compile({
      type: 'object',
      required: ['statusCode', 'error', 'message', 'code'],
      properties: {
        statusCode: { type: 'integer' },
        error: { type: 'string' },
        message: { type: 'string' },
        code: { type: 'string', pattern: '^[a-z0-9_]+$' },
      },
    }),
  };
  return contract;
}

/** A validator for any schema of the document (its `$ref`s resolve to the document's components). */
export function validatorFor(schema: unknown, key: string): ValidateFunction {
  return loadContract().validator(schema, key);
}

export function findOperation(method: string, path: string): Operation | undefined {
  const { operations } = loadContract();
  const upper = method.toUpperCase();
  const candidates = operations.filter((operation) => operation.pattern.test(path));
  // Static paths win over templated ones, as in the router (/api/templates/schema.json vs /api/templates/{id}).
  candidates.sort((a, b) => (a.path.includes('{') ? 1 : 0) - (b.path.includes('{') ? 1 : 0));
  return (
    candidates.find((operation) => operation.method === upper) ?? (upper === 'HEAD' ? candidates.find((operation) => operation.method === 'GET') : undefined)
  );
}

export interface ObservedResponse {
  status: number;
  contentType: string | null;
  body: unknown;
  hasBody: boolean;
}

/** Why an answer breaks the document, or null when it conforms. */
export function contractViolation(method: string, rawPath: string, response: ObservedResponse): string | null {
  const path = rawPath.split('?')[0];
  if (UNDOCUMENTED_PREFIXES.some((prefix) => path === prefix || (prefix.endsWith('/') && path.startsWith(prefix)))) return null;
  const { validator, genericError } = loadContract();
  const isJson = response.contentType?.includes('json') ?? false;
  const operation = findOperation(method, path);
  const request = `${method.toUpperCase()} ${path}`;
  if (!operation) {
    // Unknown routes answer the generic §3 error (404 not_found, or an HTTP-layer 4xx).
    if (response.status >= 400 && isJson && genericError(response.body)) return null;
    return `${request} answered ${response.status}, but the OpenAPI document has no ${method.toUpperCase()} ${toOpenApiPath(path)}. ${HOW_TO}`;
  }
  const documented = operation.responses[String(response.status)];
  if (!documented) {
    return `${request} answered ${response.status}, which the document does not list for ${operation.method} ${operation.path} (it lists ${Object.keys(operation.responses).join(', ')}). Add \`${response.status}: {…}\` (or errors({ ${response.status}: ['<code>'] })) to that RouteDoc's responses. ${HOW_TO}`;
  }
  const media = documented.content ?? {};
  if (isJson) {
    const schema = media['application/json']?.schema ?? Object.entries(media).find(([type]) => type.includes('json'))?.[1].schema;
    if (!schema) return `${request} answered ${response.status} with JSON, but the document gives that status no JSON body. ${HOW_TO}`;
    // Documents served as JSON (openapi.json, schema.json) are described by their media type, not a schema.
    if ((schema as { type?: string; contentMediaType?: string }).contentMediaType) return null;
    const validate = validator(schema, `${operation.method} ${operation.path} ${response.status}`);
    if (!validate(response.body)) {
      const problems = (validate.errors ?? []).map(
        (error) => `${error.instancePath || '(body)'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
      );
      return `${request} answered ${response.status} with a body that does not match the document (${operation.method} ${operation.path}): ${problems.slice(0, 8).join('; ')}\nbody: ${JSON.stringify(response.body).slice(0, 800)}`;
    }
    return null;
  }
  if (response.hasBody && response.status !== 304 && response.status !== 204 && method.toUpperCase() !== 'HEAD') {
    const type = (response.contentType ?? '').split(';')[0].trim();
    if (!Object.keys(media).includes(type)) {
      return `${request} answered ${response.status} as ${type || 'no content type'}, but the document lists ${Object.keys(media).join(', ') || 'no body'} for it. ${HOW_TO}`;
    }
  }
  return null;
}
