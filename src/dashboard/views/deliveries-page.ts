import { appPage, ShellModel, when } from './app-shell';
import { html } from '../../common/http/html';

export interface DeliveriesPageModel {
  deliveries: Array<{ url: string; outcome: string; responseStatus: number | null; durationMs: number; createdAt: Date; error: string | null }>;
}

export function deliveriesPage(shell: ShellModel, model: DeliveriesPageModel): string {
  return appPage(
    shell,
    'Deliveries',
    html`<section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Recent webhook deliveries</h2>
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">URL</th>
              <th scope="col">Outcome</th>
              <th scope="col">Status</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody>
            ${
              model.deliveries.length === 0
                ? html`<tr>
                    <td colspan="5" class="muted">No deliveries yet.</td>
                  </tr>`
                : ''
            }${model.deliveries.map(
              (delivery) =>
                html`<tr>
                  <td>${when(delivery.createdAt)}</td>
                  <td>${delivery.url}</td>
                  <td class="${delivery.outcome}">${delivery.outcome}${delivery.error ? html`<br /><span class="muted">${delivery.error}</span>` : ''}</td>
                  <td>${delivery.responseStatus ?? '—'}</td>
                  <td>${delivery.durationMs} ms</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </section>`,
  );
}
