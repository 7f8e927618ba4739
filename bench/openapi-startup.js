// Usage: npm run build && node bench/openapi-startup.js [dist]
// Start-up cost of the OpenAPI module: loading its files, then building both documents (CPU time, so a loaded machine's waiting is not counted).
const dist = require("node:path").resolve(process.argv[2] ?? "dist");
require(`${dist}/design/template.schema`);
require(`${dist}/render/dto/render-request.schema`);
require(`${dist}/preview/dto/preview-request.schema`);
const cpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
const t0 = cpu();
const { buildOpenApiDocument } = require(`${dist}/openapi/openapi-document`);
const { buildTemplateJsonSchema } = require(`${dist}/design/template-json-schema`);
const { serveDocument } = require(`${dist}/openapi/served-document`);
const t1 = cpu();
const openapi = serveDocument(buildOpenApiDocument({ serverUrl: 'http://localhost:3000' }));
const schema = serveDocument(buildTemplateJsonSchema());
const t2 = cpu();
console.log(JSON.stringify({ loadCpuMs: +(t1 - t0).toFixed(1), buildCpuMs: +(t2 - t1).toFixed(1), totalCpuMs: +(t2 - t0).toFixed(1), openapiBytes: openapi.body.length, schemaBytes: schema.body.length }));
