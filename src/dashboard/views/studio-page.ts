import { escapeHtml, html, raw } from '../../common/http/html';
import { layout } from './layout';

export interface StudioPageModel {
  csrfToken: string;
  templateId: string | null;
  /** JSON Schema of a template (the API's own zod schema), for the generated properties panel. */
  templateSchema: unknown;
  script: string;
  styles: string[];
}

/** The editor's shell: the app itself is the built studio bundle; data comes from the API. */
export function studioPage(model: StudioPageModel): string {
  // JSON inside a non-executable script element: only `<` needs escaping to keep the element closed.
  const schema = JSON.stringify(model.templateSchema).replace(/</g, '\\u003c');
  return layout(
    'Studio',
    html`<div id="studio" data-template-id="${model.templateId ?? ''}"><p class="muted" style="padding:1rem">Loading the studio…</p></div>
      <script type="application/json" id="template-schema">
        ${raw(schema)}
      </script>
      <script type="module" src="${model.script}"></script>`,
    raw(
      `<meta name="pictor-csrf" content="${escapeHtml(model.csrfToken)}">` +
        model.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join(''),
    ),
  );
}
