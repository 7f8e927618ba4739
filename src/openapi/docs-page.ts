import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The reference page: Swagger UI (swagger-ui-dist, served from node_modules by Pictor) reading
 * /api/openapi.json. Relative URLs, so the page also works behind a path prefix; no inline script,
 * so the CSP can forbid them; the online validator badge is off so nothing leaves the server.
 */
export const DOCS_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const DOCS_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pictor API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="docs/assets/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="docs/assets/swagger-ui-bundle.js"></script>
<script src="docs/assets/docs.js"></script>
</body>
</html>
`;

const DOCS_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('openapi.json', window.location.href).href,
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    docExpansion: 'list',
    persistAuthorization: false
  });
});
`;

export interface DocsAsset {
  body: Buffer;
  contentType: string;
}

const swaggerUiDir = (): string => dirname(require.resolve('swagger-ui-dist/package.json'));

/** The files the page may load, by name; anything else is a 404. */
const ASSETS: Record<string, { contentType: string; load: () => Buffer }> = {
  'swagger-ui-bundle.js': { contentType: 'text/javascript; charset=utf-8', load: () => readFileSync(join(swaggerUiDir(), 'swagger-ui-bundle.js')) },
  'swagger-ui.css': { contentType: 'text/css; charset=utf-8', load: () => readFileSync(join(swaggerUiDir(), 'swagger-ui.css')) },
  'docs.js': { contentType: 'text/javascript; charset=utf-8', load: () => Buffer.from(DOCS_SCRIPT) },
};

const loaded = new Map<string, DocsAsset>();

/** Read on first request (not at start-up: the bundle is over a megabyte), then kept. */
export function docsAsset(name: string): DocsAsset | undefined {
  if (!Object.hasOwn(ASSETS, name)) return undefined;
  let asset = loaded.get(name);
  if (!asset) {
    asset = { body: ASSETS[name].load(), contentType: ASSETS[name].contentType };
    loaded.set(name, asset);
  }
  return asset;
}
