import { escapeHtml } from '../../common/http/html';

/** What the embed's script starts from (a JSON script element, so the page needs no inline script). */
export interface EmbedBootstrap {
  token: string;
  mode: 'design' | 'form';
  templateId: string | null;
  allowedOrigins: string[];
  permissions: { save: boolean; addLayers: boolean; uploadFonts: boolean; uploadAssets: boolean; layers: string[] | null };
  /** JSON Schema of a template, for the studio's generated properties panel (design mode). */
  templateSchema: unknown;
}

const STYLE = `html,body{margin:0;height:100%;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}
button{font:inherit;padding:.5rem .9rem;border-radius:6px;border:1px solid #0369a1;background:#0369a1;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.embed-ended{display:grid;place-items:center;height:100%;padding:1rem;text-align:center}.embed-ended p{color:#475569}`;

const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The embed (§23): no account chrome, only the studio or the form, mounted by the built bundle. */
export function embedPage(bootstrap: EmbedBootstrap, entry: { script: string; styles: string[] }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Editor</title><style>${STYLE}</style>${entry.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('')}</head>
<body><div id="studio" class="embed"><p style="padding:1rem">Loading…</p></div>
<script type="application/json" id="pictor-embed">${json(bootstrap)}</script>
<script type="module" src="${escapeHtml(entry.script)}"></script></body></html>`;
}

/** An expired, revoked or unknown link: the page says so, in the frame. */
export function endedPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Editor unavailable</title><style>${STYLE}</style></head>
<body><main class="embed-ended"><div><h1>Editor unavailable</h1><p role="alert">${escapeHtml(message)}</p></div></main></body></html>`;
}
