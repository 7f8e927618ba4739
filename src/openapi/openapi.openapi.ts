import { defineRouteDocs, errors } from '../common/openapi/route-doc';

export const openApiRouteDocs = defineRouteDocs([
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'openApiDocument',
    tag: 'Reference',
    public: true,
    standalone: true,
    summary: 'This document (OpenAPI 3.1)',
    responses: {
      200: { description: 'The OpenAPI document', media: { 'application/json': 'OpenAPI 3.1 document' }, headers: ['ETag', 'Cache-Control'] },
      304: { description: 'Not modified (If-None-Match matched)', headers: ['ETag', 'Cache-Control'] },
    },
  },
  {
    method: 'get',
    path: '/api/templates/schema.json',
    operationId: 'templateJsonSchema',
    tag: 'Reference',
    public: true,
    standalone: true,
    summary: 'The JSON Schema (draft 2020-12) of a template, for editors and templates kept in git',
    responses: {
      200: { description: 'The JSON Schema', media: { 'application/schema+json': 'JSON Schema draft 2020-12' }, headers: ['ETag', 'Cache-Control'] },
      304: { description: 'Not modified (If-None-Match matched)', headers: ['ETag', 'Cache-Control'] },
    },
  },
  {
    method: 'get',
    path: '/api/docs',
    operationId: 'docsPage',
    tag: 'Reference',
    public: true,
    standalone: true,
    summary: 'This reference, as a web page',
    responses: { 200: { description: 'HTML page', media: { 'text/html': 'The reference page' } } },
  },
  {
    method: 'get',
    path: '/api/docs/assets/:file',
    operationId: 'docsAsset',
    tag: 'Reference',
    public: true,
    standalone: true,
    summary: 'Scripts and styles of the reference page',
    responses: {
      200: { description: 'The asset', media: { 'text/javascript': 'Script', 'text/css': 'Style sheet' }, headers: ['Cache-Control'] },
      ...errors({ 404: ['docs_asset_not_found'] }),
    },
  },
]);
