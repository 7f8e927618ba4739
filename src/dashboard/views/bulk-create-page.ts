import type { LayerTypeName } from '../../design/layer-registry';
import { appPage, ShellModel } from './app-shell';
import { html, raw } from '../../common/http/html';

export interface BulkCreatePageModel {
  template: { id: string; name: string };
  layers: Array<{ name: string; type: LayerTypeName; fields: string[] }>;
  formats: string[];
}

/**
 * A template's Bulk create: choose a CSV, see its columns matched to the layers (unknown ones flagged) and the
 * first rows drawn by the server, start the job, follow it. bulk.js does the asking (the check route and the API).
 */
export function bulkCreatePage(shell: ShellModel, model: BulkCreatePageModel): string {
  const example = model.layers
    .filter((layer) => layer.fields.includes('text'))
    .map((layer) => `${layer.name}.text`)
    .join(',');
  return appPage(
    shell,
    'Bulk create',
    html`<section aria-labelledby="bulk-title" id="bulk" data-template-id="${model.template.id}">
        <h2 id="bulk-title">Bulk create from “${model.template.name}”</h2>
        <p>
          Upload a CSV (UTF-8, at most 10,000 rows): a header row naming each column <code>&lt;layer&gt;.&lt;field&gt;</code>${
            example ? html`, e.g. <code>${example}</code>` : ''
          },
          then one row per image. An empty cell keeps the template's value.
        </p>
        <details>
          <summary>Layers of this template and the fields a column may set</summary>
          <ul>
            ${model.layers.map((layer) => html`<li><code>${layer.name}</code> (${layer.type}): ${layer.fields.join(', ')}</li>`)}
          </ul>
        </details>
        <form id="bulk-form" class="row">
          <div>
            <label for="bulk-file">CSV file</label>
            <input type="file" id="bulk-file" name="file" accept=".csv,text/csv" />
          </div>
          <div>
            <label for="bulk-format">Format</label>
            <select id="bulk-format" name="format">
              ${model.formats.map((format) => html`<option value="${format}">${format.toUpperCase()}</option>`)}
            </select>
          </div>
          <div>
            <label for="bulk-output">Result</label>
            <select id="bulk-output" name="output">
              <option value="zip">One ZIP of all images</option>
              <option value="pdf">One PDF, a page per row (vector)</option>
              <option value="images">Image links</option>
            </select>
          </div>
        </form>
        <p id="bulk-error" class="error" role="alert" hidden></p>
      </section>
      <section id="bulk-check" aria-labelledby="bulk-check-title" hidden>
        <h2 id="bulk-check-title">Columns</h2>
        <p id="bulk-summary"></p>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Column</th>
                <th scope="col">Layer</th>
                <th scope="col">Field</th>
                <th scope="col">Match</th>
              </tr>
            </thead>
            <tbody id="bulk-columns"></tbody>
          </table>
        </div>
        <h2>Preview of the first rows</h2>
        <ul class="cards" id="bulk-previews"></ul>
        <p class="row" style="margin-top:1rem"><button type="button" id="bulk-start" disabled>Start the job</button></p>
      </section>
      <section id="bulk-progress" aria-labelledby="bulk-progress-title" hidden>
        <h2 id="bulk-progress-title">Progress</h2>
        <div class="bar" role="progressbar" aria-label="Progress of the job" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0">
          <span style="width:0%"></span>
        </div>
        <p><span id="bulk-status">queued</span> · <span id="bulk-counts"></span></p>
        <p class="row"><span id="bulk-result"></span><a href="/app/jobs">All jobs</a></p>
      </section>`,
    raw(`<meta name="pictor-csrf" content="${shell.csrfToken.replace(/[^A-Za-z0-9_-]/g, '')}"><script src="/app/bulk.js" defer></script>`),
  );
}
