import { z } from 'zod';
import { component } from '../common/openapi/components';
import { buildOpenApiDocument, toOpenApiPath } from './openapi-document';
import { defineRouteDocs, errors } from '../common/openapi/route-doc';

describe('OpenAPI document builder', () => {
  const shared = z.strictObject({ label: z.string().describe('A label') });
  const named = component('SpecThing', z.strictObject({ id: z.string(), inner: shared }));
  const routes = defineRouteDocs([
    {
      method: 'post',
      path: '/things/:id',
      operationId: 'makeThing',
      tag: 'Things',
      summary: 'Make',
      body: { schema: z.strictObject({ thing: named, extra: shared }) },
      responses: { 201: { description: 'Made', schema: named, headers: ['ETag'] }, ...errors({ 404: ['thing_not_found'] }) },
    },
    {
      method: 'get',
      path: '/things',
      operationId: 'listThings',
      tag: 'Things',
      summary: 'List',
      public: true,
      responses: { 200: { description: 'Listed', schema: z.array(shared) } },
    },
  ]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the assertions walk the built document by path, as the tests walk JSON answers
  const document = buildOpenApiDocument({ routes }) as any;

  it('turns Nest paths into OpenAPI paths', () => {
    expect(toOpenApiPath('/api/templates/:id/url')).toBe('/api/templates/{id}/url');
  });

  it('references named components and inlines the rest, with their descriptions', () => {
    const post = document.paths['/things/{id}'].post;
    expect(post.requestBody.content['application/json'].schema.properties.thing).toEqual({ $ref: '#/components/schemas/SpecThing' });
    expect(post.requestBody.content['application/json'].schema.properties.extra).toMatchObject({
      type: 'object',
      properties: { label: { type: 'string', description: 'A label' } },
    });
    expect(post.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SpecThing' });
    expect(document.components.schemas.SpecThing.properties.inner.properties.label.description).toBe('A label');
    expect(JSON.stringify(document)).not.toMatch(/__inline_|__shared|\$defs/);
  });

  it('adds the implicit statuses and marks security', () => {
    const post = document.paths['/things/{id}'].post;
    expect(Object.keys(post.responses)).toEqual(['201', '400', '401', '403', '404', '408', '413', '414', '415', '431', '500', '503']);
    // §20: any route that reads the database or Redis can answer that one went away.
    expect(post.responses['503'].content['application/json'].schema.properties.code).toEqual({ type: 'string', enum: ['dependency_unavailable'] });
    // Error codes of one status unite: the body's validation error and the HTTP layer's own.
    expect(post.responses['400'].content['application/json'].schema.properties.code.enum).toEqual(['validation_failed', 'bad_url', 'malformed_request']);
    expect(post.responses['404'].content['application/json'].schema.properties.code).toEqual({ type: 'string', enum: ['thing_not_found'] });
    expect(post.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(document.paths['/things'].get.security).toEqual([]);
    expect(Object.keys(document.paths['/things'].get.responses)).toEqual(['200', '400', '408', '414', '431', '500', '503']);
  });

  it('leaves dependency_unavailable out of a route the process answers alone', () => {
    const alone = buildOpenApiDocument({ routes: [{ ...routes[1], standalone: true }] }) as { paths: Record<string, { get: { responses: object } }> };
    expect(Object.keys(alone.paths['/things'].get.responses)).toEqual(['200', '400', '408', '414', '431', '500']);
  });

  it('refuses a route documented twice', () => {
    expect(() => buildOpenApiDocument({ routes: [...routes, routes[1]] })).toThrow('GET /things is documented twice');
  });
});
