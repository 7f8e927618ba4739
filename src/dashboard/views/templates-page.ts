import { appPage, csrf, ShellModel, when } from './app-shell';
import { html } from '../../common/http/html';

export interface TemplatesPageModel {
  templates: Array<{ id: string; name: string; width: number; height: number; version: number; updatedAt: Date }>;
}

export function templatesPage(shell: ShellModel, model: TemplatesPageModel): string {
  const token = shell.csrfToken;
  return appPage(
    shell,
    'Templates',
    html`<section aria-labelledby="templates-title">
      <div class="row" style="justify-content:space-between">
        <h2 id="templates-title">Templates</h2>
        <form method="get" action="/app/templates/new"><button type="submit">New template</button></form>
      </div>
      ${model.templates.length === 0 ? html`<p class="muted">No templates yet: design one with <strong>New template</strong>.</p>` : ''}
      <ul class="cards">
        ${model.templates.map(
          (template) =>
            html`<li class="card" data-template-id="${template.id}">
              <a href="/app/templates/${template.id}" aria-label="Open ${template.name}"
                ><img
                  src="/app/templates/${template.id}/thumbnail?v=${template.version}"
                  alt=""
                  loading="lazy"
                  width="${template.width}"
                  height="${template.height}"
                  style="--ratio:${template.width}/${template.height}"
              /></a>
              <div class="body">
                <h3>${template.name}</h3>
                <span class="muted">${template.width} × ${template.height} · v${template.version} · ${when(template.updatedAt)}</span>
                <div class="actions">
                  <a class="button" href="/app/templates/${template.id}">Open</a>
                  <a class="button" href="/app/templates/${template.id}/bulk" aria-label="Bulk create from ${template.name}">Bulk create</a>
                  <form method="post" action="/app/templates/${template.id}/duplicate">
                    ${csrf(token)}<button type="submit" class="secondary" aria-label="Duplicate ${template.name}">Duplicate</button>
                  </form>
                  <form method="post" action="/app/templates/${template.id}/delete" data-confirm="Delete “${template.name}”? Renders of it stop working.">
                    ${csrf(token)}<button type="submit" class="danger" aria-label="Delete ${template.name}">Delete</button>
                  </form>
                </div>
              </div>
            </li>`,
        )}
      </ul>
    </section>`,
  );
}
