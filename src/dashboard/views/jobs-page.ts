import type { JobResponse } from '../../jobs/dto/job-response';
import { appPage, ShellModel, when } from './app-shell';
import { html, raw, RawHtml } from '../../common/http/html';

export interface JobsPageModel {
  jobs: JobResponse[];
  /** Template names by id, for the list. */
  templateNames: ReadonlyMap<string, string>;
}

/** A job's progress bar (also drawn by jobs.js as it moves): `aria-valuenow` is the percentage of rows finished. */
export function progressBar(label: string, progress: number): RawHtml {
  const percent = Math.round(progress * 100);
  return html`<div class="bar" role="progressbar" aria-label="${label}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${percent}">
    <span style="width:${percent}%"></span>
  </div>`;
}

export const countsText = (job: Pick<JobResponse, 'done' | 'failed' | 'total'>) => `${job.done} done · ${job.failed} failed · ${job.total} total`;

/** The download cell: the result file, or why there is none. */
export function resultCell(job: JobResponse): RawHtml {
  if (job.resultUrl) return html`<a class="button" href="${job.resultUrl}" download>Download ${job.output.toUpperCase()}</a>`;
  if (job.resultError) return html`<span class="failed">No ${job.output.toUpperCase()}: ${job.resultError.message}</span>`;
  if (job.output === 'images' && job.status === 'completed') return html`<span class="muted">Image links in the rows below</span>`;
  return html`<span class="muted">—</span>`;
}

/** /app/jobs: the account's jobs, newest first; jobs.js moves the bars of running jobs and loads a job's rows when opened. */
export function jobsPage(shell: ShellModel, model: JobsPageModel): string {
  return appPage(
    shell,
    'Jobs',
    html`<section aria-labelledby="jobs-title">
      <h2 id="jobs-title">Jobs</h2>
      <p class="muted">Bulk renders started through <code>POST /api/jobs</code>, the CLI or a template's <strong>Bulk create</strong>. Newest first.</p>
      ${model.jobs.length === 0 ? html`<p class="muted">No jobs yet: open a template and choose <strong>Bulk create</strong>.</p>` : ''}
      <ul class="jobs">
        ${model.jobs.map(
          (job) =>
            html`<li class="job" data-job-id="${job.id}" data-status="${job.status}">
              <div class="job-head">
                <div>
                  <strong>${model.templateNames.get(job.templateId) ?? job.templateId}</strong>
                  <span class="muted">· ${job.format.toUpperCase()} · output ${job.output} · ${when(new Date(job.createdAt))}</span><br />
                  <code class="muted">${job.id}</code>
                </div>
                <span class="job-status" data-field="status">${job.status}</span>
              </div>
              ${progressBar(`Progress of ${job.id}`, job.progress)}
              <div class="row" style="justify-content:space-between;align-items:center">
                <span data-field="counts">${countsText(job)}</span>
                <span data-field="result">${resultCell(job)}</span>
              </div>
              <details data-rows="${job.id}">
                <summary>Rows${job.failed > 0 ? raw(` — <span class="failed">${job.failed} failed</span>`) : ''}</summary>
                <div data-field="rows" class="muted">Loading…</div>
              </details>
            </li>`,
        )}
      </ul>
    </section>`,
    raw(`<meta name="pictor-csrf" content="${shell.csrfToken.replace(/[^A-Za-z0-9_-]/g, '')}"><script src="/app/jobs.js" defer></script>`),
  );
}
